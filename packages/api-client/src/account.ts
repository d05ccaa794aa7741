import { type HttpError, isHttpError } from "./errors.js";
import {
  type CallOptions,
  createRequester,
  type HttpMethod,
  type RequesterOptions,
  type RetryPolicy,
} from "./request.js";
import {
  ACCOUNT_DETAILS,
  type ApiEnvelope,
  type CurrentUser,
  type LoginPayload,
  type LoginResult,
  type MessageReply,
  type OrganisationSignupPayload,
  type OrganisationSignupResult,
  type RefreshTokenPayload,
  type ResetLinkPayload,
  type ResetPasswordPayload,
  type SignupPayload,
  type SignupReply,
  type SignupResult,
  type TokenPair,
  type UpdateUserRequest,
  type VerifyEmailPayload,
  type VerifyEmailResult,
  type VerifyLinkPayload,
} from "./wire/account.js";
import type { Company } from "./wire/companies.js";

/**
 * The account API client (A§7, A§8): signup, organisation signup, login, tokens, the current user,
 * password reset and email verification.
 *
 * Business failures are answers a form shows, so they come back as values: a 4xx whose body
 * carries `details` ('user already exists', 'invalid password', 'link expired', …; A§8), a 401
 * (`details: 'Unauthorized'` when the body names none), and an `/api/…` envelope with `ok: false`
 * all give `{ ok: false, status, details, … }`. Everything else still throws the pipeline's errors:
 * network failures and 5xx pages (`UnexpectedError` after the retries), a 5xx or a 4xx without
 * `details` (`HttpError`: a bug or an outage, not an answer).
 */

export interface AccountClientOptions {
  /** Origin of the account API, e.g. `http://localhost:4000`. */
  baseUrl: string;
  /** The user's access token, sent as `Authorization: Bearer <token>` with every call. */
  accessToken?: string;
  /**
   * The shopper's IP address, sent as `x-forwarded-for` (the platform rate-limits logins and
   * reset links per address; a storefront server would otherwise send its own).
   */
  forwardedFor?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** @default { limit: 3, delayMs: 500 } */
  retry?: Partial<RetryPolicy>;
  /** Headers sent with every call. */
  headers?: Record<string, string>;
  /**
   * The shop's own credential, sent as `Kassa-Storefront-Token` with every call
   * (`RequesterOptions.storefrontToken`): a storefront's server sends it, a browser never does.
   */
  storefrontToken?: string;
  /** Waits between retries; injectable for tests. */
  sleep?: RequesterOptions["sleep"];
  /** The deadline of every call in milliseconds, over its retries (`RequesterOptions.timeout`). */
  timeout?: RequesterOptions["timeout"];
}

/** A business failure of the account API, as a value. */
export interface AccountFailureResult {
  ok: false;
  /** HTTP status (or the envelope's `status`). */
  status: number;
  /** The platform's `details`, kept exactly (compare with `ACCOUNT_DETAILS`). */
  details: string;
  message?: string;
  requestId?: string;
  /** Seconds to wait before trying again (429 'too many attempts'). */
  retryAfter?: number;
  /** With a login's 403 'email not verified': the signup's token, for `createVerifyLink`. */
  signupToken?: string;
}

export type AccountResult<T> = { ok: true; data: T } | AccountFailureResult;

export interface LoginInput {
  email: string;
  password: string;
}

export interface AccountClient {
  /**
   * `POST /enad/signup/`: creates the (unverified) user; the reply's `data` unwrapped. The email
   * is sent lower-cased and trimmed, the language upper-cased (A§3).
   */
  signup(payload: SignupPayload, options?: CallOptions): Promise<AccountResult<SignupResult>>;
  /** `POST /enad/organisation/signup/`: the created company (reply `{company}` unwrapped). */
  organisationSignup(
    payload: OrganisationSignupPayload,
    options?: CallOptions,
  ): Promise<AccountResult<Company>>;
  /** `POST /enad/login/`: tokens and the user; the email is sent trimmed and lower-cased. */
  login(input: LoginInput, options?: CallOptions): Promise<AccountResult<LoginResult>>;
  /** `POST /enad/refresh-token/`: a new token pair (the refresh token rotates). */
  refreshToken(refreshToken: string, options?: CallOptions): Promise<AccountResult<TokenPair>>;
  /** `POST /enad/logout/`: revokes the refresh token. */
  logout(refreshToken: string, options?: CallOptions): Promise<AccountResult<MessageReply>>;
  /** `POST /enad/get-user/` with the access token: the current user; 401 → `details: 'Unauthorized'`. */
  getUser(options?: CallOptions): Promise<AccountResult<CurrentUser>>;
  /**
   * `POST /enad/update-user/` with the access token: the updated user. The body carries the
   * current user's `email` (A§7).
   */
  updateUser(
    payload: UpdateUserRequest,
    options?: CallOptions,
  ): Promise<AccountResult<CurrentUser>>;
  /** `POST /enad/delete/` with the access token: `{message: 'user deleted'}`. */
  deleteUser(options?: CallOptions): Promise<AccountResult<MessageReply>>;
  /** `POST /enad/reset-password/`: `{message: 'Password updated'}`; 'link expired' as a failure. */
  resetPassword(
    payload: ResetPasswordPayload,
    options?: CallOptions,
  ): Promise<AccountResult<MessageReply>>;
  /**
   * `POST /api/enad/create-reset-password-link/`: the envelope unwrapped, `{message: 'Reset
   * password link created'}`, or a failure with `details` 'email not verified' / 'email not found'.
   */
  createResetPasswordLink(
    email: string,
    options?: CallOptions,
  ): Promise<AccountResult<{ message: string }>>;
  /**
   * `POST /api/enad/create-verify-link/`: the envelope unwrapped, `{message: 'Email verification
   * link created'}`, or a failure ('email not found', 'email already verified'). Pass the
   * `signupToken` of the signup (its reply's `signup_token`, or a login failure's `signupToken`)
   * when there is one: the Kassa platform sends a verification link only for the signup the caller
   * proves it made, and otherwise a link to confirm the address by choosing a password.
   */
  createVerifyLink(
    email: string,
    options?: CallOptions & { signupToken?: string },
  ): Promise<AccountResult<{ message: string }>>;
  /**
   * `POST /enad/verify-email/`: `{status: 'success' | 'link not found' | 'link expired', message}`.
   * Refusals (404, 410, …) are returned as the result, not thrown. The Kassa platform also wants
   * proof of the signup being confirmed: its `signupToken` (kept by the browser that signed up)
   * or its `password`; without either it answers `status: 'password required'` and the link stays
   * good, and a wrong password answers 'invalid password' ('too many attempts' after the login
   * limit's failures).
   */
  verifyEmail(
    token: string,
    options?: CallOptions & { signupToken?: string; password?: string },
  ): Promise<VerifyEmailResult>;
  /** A client like this one with another access token (e.g. the one `login` answered). */
  withAccessToken(accessToken: string | undefined): AccountClient;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function seconds(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
  // The `Retry-After` header in its delta-seconds form (an HTTP date would need a clock).
  if (typeof value === "string" && /^\d+$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

function failure(input: {
  status: number;
  details: string;
  message?: string;
  requestId?: string;
  retryAfter?: number;
  signupToken?: string;
}): AccountFailureResult {
  const result: AccountFailureResult = { ok: false, status: input.status, details: input.details };
  if (input.message !== undefined) result.message = input.message;
  if (input.requestId !== undefined) result.requestId = input.requestId;
  if (input.retryAfter !== undefined) result.retryAfter = input.retryAfter;
  if (input.signupToken !== undefined) result.signupToken = input.signupToken;
  return result;
}

/**
 * The failure value of a 4xx answer: its `details` (or the envelope's `data.details`), or
 * 'Unauthorized' for a 401 without any. `undefined` when the error is not a business failure.
 */
function failureFromHttpError(error: HttpError): AccountFailureResult | undefined {
  if (error.status < 400 || error.status >= 500) return undefined;
  const body = isRecord(error.body) ? error.body : undefined;
  const data = isRecord(body?.data) ? body.data : undefined;
  const details =
    text(body?.details) ??
    text(data?.details) ??
    (error.status === 401 ? ACCOUNT_DETAILS.unauthorized : undefined);
  if (details === undefined) return undefined;
  return failure({
    status: error.status,
    details,
    message: text(body?.message) ?? text(data?.message),
    requestId: error.requestId,
    retryAfter:
      seconds(body?.retry_after) ??
      seconds(data?.retry_after) ??
      seconds(error.headers?.get("retry-after")),
    signupToken: text(body?.signup_token),
  });
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates an account API client. Create one per request on a server, with that shopper's access
 * token and IP address.
 *
 * @example
 * const account = createAccountClient({
 *   baseUrl: env.ACCOUNT_API_URL,
 *   accessToken: session.get("userToken"),
 *   forwardedFor: clientIp(request),
 * });
 * const result = await account.login({ email, password });
 * if (!result.ok) {
 *   // result.details: 'invalid password', 'user not found', 'email not verified', …
 * }
 */
export function createAccountClient(options: AccountClientOptions): AccountClient {
  const { accessToken, forwardedFor } = options;
  const request = createRequester({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    retry: options.retry,
    headers: {
      ...options.headers,
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
    },
    storefrontToken: options.storefrontToken,
    sleep: options.sleep,
    timeout: options.timeout,
    authorization: () => (accessToken ? `Bearer ${accessToken}` : undefined),
  });

  /**
   * One call: the reply (through `unwrap`) as `ok`, a business failure as a value.
   *
   * Every account call is a POST, so each carries an `Idempotency-Key` and may be retried: a
   * resent signup is answered from the server's store instead of 'user already exists'. Except
   * the two whose answers are fresh credentials (login, refresh): a server must not keep those
   * in a replay store, so they go once and a lost answer is the caller's to handle.
   */
  async function call<Reply, T>(
    method: HttpMethod,
    path: string,
    body: unknown,
    unwrap: (reply: Reply) => AccountResult<T>,
    callOptions?: CallOptions,
    { idempotent = true }: { idempotent?: boolean } = {},
  ): Promise<AccountResult<T>> {
    let reply: Reply;
    try {
      reply = await request<Reply>(method, path, { body, idempotent, ...callOptions });
    } catch (error) {
      const value = isHttpError(error) ? failureFromHttpError(error) : undefined;
      if (value) return value;
      throw error;
    }
    return unwrap(reply);
  }

  const ok = <T>(data: T): AccountResult<T> => ({ ok: true, data });

  /** An `/api/…` envelope: `ok` → its data; `ok: false` (even with a 2xx) → its `data.details`. */
  function envelope<T>(reply: ApiEnvelope<unknown>): AccountResult<T> {
    if (isRecord(reply) && reply.ok === false) {
      const data = isRecord(reply.data) ? reply.data : undefined;
      return failure({
        status: typeof reply.status === "number" ? reply.status : 400,
        details: text(data?.details) ?? text(data?.message) ?? "somethingWentWrong",
        message: text(data?.message),
      });
    }
    return ok((isRecord(reply) && "data" in reply ? reply.data : reply) as T);
  }

  return {
    signup: (payload, callOptions) =>
      call<SignupReply, SignupResult>(
        "POST",
        "/enad/signup/",
        {
          ...payload,
          email: normaliseEmail(payload.email),
          language: payload.language.toUpperCase(),
        },
        (reply) => ok(reply.data),
        callOptions,
      ),
    organisationSignup: (payload, callOptions) =>
      call<OrganisationSignupResult, Company>(
        "POST",
        "/enad/organisation/signup/",
        payload,
        (reply) => ok(reply.company),
        callOptions,
      ),
    login: ({ email, password }, callOptions) =>
      call<LoginResult, LoginResult>(
        "POST",
        "/enad/login/",
        { email: normaliseEmail(email), password } satisfies LoginPayload,
        ok,
        callOptions,
        { idempotent: false },
      ),
    refreshToken: (refreshToken, callOptions) =>
      call<TokenPair, TokenPair>(
        "POST",
        "/enad/refresh-token/",
        { refresh_token: refreshToken } satisfies RefreshTokenPayload,
        ok,
        callOptions,
        { idempotent: false },
      ),
    logout: (refreshToken, callOptions) =>
      call<MessageReply, MessageReply>(
        "POST",
        "/enad/logout/",
        { refresh_token: refreshToken } satisfies RefreshTokenPayload,
        ok,
        callOptions,
      ),
    getUser: (callOptions) =>
      call<CurrentUser, CurrentUser>("POST", "/enad/get-user/", undefined, ok, callOptions),
    updateUser: (payload, callOptions) =>
      call<CurrentUser, CurrentUser>("POST", "/enad/update-user/", payload, ok, callOptions),
    deleteUser: (callOptions) =>
      call<MessageReply, MessageReply>("POST", "/enad/delete/", undefined, ok, callOptions),
    resetPassword: (payload, callOptions) =>
      call<MessageReply, MessageReply>("POST", "/enad/reset-password/", payload, ok, callOptions),
    createResetPasswordLink: (email, callOptions) =>
      call<ApiEnvelope<unknown>, { message: string }>(
        "POST",
        "/api/enad/create-reset-password-link/",
        { email: normaliseEmail(email) } satisfies ResetLinkPayload,
        envelope,
        callOptions,
      ),
    createVerifyLink: (email, { signupToken, ...callOptions } = {}) =>
      call<ApiEnvelope<unknown>, { message: string }>(
        "POST",
        "/api/enad/create-verify-link/",
        {
          email: normaliseEmail(email),
          ...(signupToken === undefined ? {} : { signup_token: signupToken }),
        } satisfies VerifyLinkPayload,
        envelope,
        callOptions,
      ),
    verifyEmail: async (token, { signupToken, password, ...callOptions } = {}) => {
      try {
        return await request<VerifyEmailResult>("POST", "/enad/verify-email/", {
          idempotent: true,
          body: {
            token,
            ...(signupToken === undefined ? {} : { signup_token: signupToken }),
            ...(password === undefined ? {} : { password }),
          } satisfies VerifyEmailPayload,
          ...callOptions,
        });
      } catch (error) {
        // Every refusal of this call is a status in its body, answered as the result.
        if (
          isHttpError(error) &&
          error.status >= 400 &&
          error.status < 500 &&
          isRecord(error.body) &&
          typeof error.body.status === "string"
        ) {
          return error.body as unknown as VerifyEmailResult;
        }
        throw error;
      }
    },
    withAccessToken: (next) => createAccountClient({ ...options, accessToken: next }),
  };
}
