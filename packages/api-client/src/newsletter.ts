import { isHttpError } from "./errors.js";
import {
  type CallOptions,
  createRequester,
  type RequesterOptions,
  type RetryPolicy,
} from "./request.js";
import type { PlatformErrorBody } from "./wire/errors.js";
import type {
  NewsletterReply,
  NewsletterSubscribePayload,
  NewsletterSuccess,
} from "./wire/newsletter.js";

/**
 * The newsletter (C§7: "subscribe with email and a list id from a marketing provider; response
 * success and message"), with the platform's double opt-in: a sign-up mails a confirmation whose
 * links come back here as `confirm(token)` and `unsubscribe(token)`. No login: visitors subscribe
 * (C§6). A refusal (4xx) is a value, `{ success: false, message }`; a server failure (5xx) and no
 * answer at all are thrown, so the caller can tell C§8's 'Subscription failed' from 'Something went
 * wrong. Please try again.' and 'An unexpected error occurred'.
 */

export interface NewsletterClientOptions {
  /** Origin of the marketing provider's API, e.g. `http://localhost:4000`. */
  baseUrl: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** @default { limit: 3, delayMs: 500 } */
  retry?: Partial<RetryPolicy>;
  /**
   * Headers sent with every call, e.g. `X-Forwarded-For` with the shopper's address, which the
   * platform's per-address sign-up limit counts.
   */
  headers?: Record<string, string>;
  /** Waits between retries; injectable for tests. */
  sleep?: RequesterOptions["sleep"];
  /** The deadline of every call in milliseconds, over its retries (`RequesterOptions.timeout`). */
  timeout?: RequesterOptions["timeout"];
}

/** A refused newsletter call (4xx), as a value. */
export interface NewsletterFailure extends NewsletterReply {
  success: false;
  /** The platform's text: `list not found`, `invalid token`, `The request body is invalid`, … */
  message: string;
  /** HTTP status: 400 invalid, 404 unknown list or token, 429 too many sign-ups. */
  status: number;
  /** What was wrong, one entry per problem (`email: must be a valid email address`). */
  errors: string[];
}

export type NewsletterResult = NewsletterSuccess | NewsletterFailure;

export interface NewsletterClient {
  /**
   * `POST /marketing/newsletter/subscribe {email, listId, lang, countryCode?, source?}`:
   * `confirmation_sent` (a mail is on its way, or was sent in the last 10 minutes) or
   * `already_subscribed`. Sent with an `Idempotency-Key`, so a retry after a lost answer is one
   * sign-up.
   */
  subscribe(payload: NewsletterSubscribePayload, options?: CallOptions): Promise<NewsletterResult>;
  /**
   * `POST /marketing/newsletter/confirm {token}`: `confirmed` or `already_confirmed`; an unknown
   * or expired link is `{ success: false, message: "invalid token" }`.
   */
  confirm(token: string, options?: CallOptions): Promise<NewsletterResult>;
  /**
   * `POST /marketing/newsletter/unsubscribe {token}`: `unsubscribed` (also the second time); an
   * unknown link is `{ success: false, message: "invalid token" }`.
   */
  unsubscribe(token: string, options?: CallOptions): Promise<NewsletterResult>;
}

function failureOf(error: unknown): NewsletterFailure | undefined {
  if (!isHttpError(error) || error.status >= 500) return undefined;
  const body: PlatformErrorBody =
    typeof error.body === "object" && error.body !== null ? (error.body as PlatformErrorBody) : {};
  return {
    success: false,
    message: typeof body.message === "string" && body.message ? body.message : error.message,
    status: error.status,
    errors: error.errors,
  };
}

/**
 * Creates the newsletter client.
 *
 * @example
 * const newsletter = createNewsletterClient({ baseUrl: env.KASSA_MARKETING_API_URL });
 * const answer = await newsletter.subscribe({ email, listId: "newsletter", lang: "sv" });
 * if (!answer.success) console.log(answer.message); // 'list not found', …
 */
export function createNewsletterClient(options: NewsletterClientOptions): NewsletterClient {
  const request = createRequester({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    retry: options.retry,
    headers: options.headers,
    sleep: options.sleep,
    timeout: options.timeout,
  });

  /** A call whose refusal is a value. Each may be repeated, so each carries an idempotency key. */
  async function call(path: string, body: unknown, call?: CallOptions): Promise<NewsletterResult> {
    try {
      return await request<NewsletterSuccess>("POST", path, { body, idempotent: true, ...call });
    } catch (error) {
      const failure = failureOf(error);
      if (failure) return failure;
      throw error;
    }
  }

  return {
    subscribe: (payload, options) => call("/marketing/newsletter/subscribe", payload, options),
    confirm: (token, options) => call("/marketing/newsletter/confirm", { token }, options),
    unsubscribe: (token, options) => call("/marketing/newsletter/unsubscribe", { token }, options),
  };
}
