import { isHttpError, isKassaApiError } from "@kassa/api-client";
import {
  type NewsletterConfirmState,
  type NewsletterFailure,
  type NewsletterOutcome,
  type NewsletterSignupForm,
  type NewsletterUnsubscribeState,
  newsletterConfirmState,
  newsletterFailure,
  newsletterOutcome,
  newsletterUnsubscribeState,
} from "@kassa/domain";
import { isSupportedLanguage } from "@kassa/i18n";
import type { AppLoadContext } from "@remix-run/node";
import { backendErrorResponse } from "~/modules/http/backend-errors.server";
import { newsletterClient } from "~/modules/http/clients.server";
import { config } from "~/modules/http/config.server";
import { languageOf } from "~/modules/http/i18n.server";
import { logger } from "~/modules/http/logger.server";
import { marketOf } from "~/modules/http/market.server";

/**
 * The newsletter's calls (C§7: subscribe with an email and the configured list id), and the
 * mail's confirm and unsubscribe links, through `@kassa/api-client`'s newsletter client.
 */

/** How a failed sign-up call is told to the shopper (C§8). */
export function failureOf(error: unknown): NewsletterFailure {
  if (isHttpError(error)) return error.status >= 500 ? "server" : "refused";
  // UnexpectedError (no answer after the retries) and anything that is not an API error.
  if (!isKassaApiError(error)) logger().error({ err: error }, "newsletter sign-up failed");
  return "unexpected";
}

/**
 * Signs the address up to the configured list, in the shopper's language and market. The
 * provider mails a link to confirm (double opt-in); never throws.
 */
export async function subscribe(
  request: Request,
  context: AppLoadContext,
  form: NewsletterSignupForm,
): Promise<NewsletterOutcome> {
  const [language, market] = await Promise.all([languageOf(request), marketOf(request)]);
  try {
    const answer = await newsletterClient(context).subscribe({
      email: form.email,
      listId: config().newsletterListId,
      lang: isSupportedLanguage(language) ? language : "sv",
      countryCode: market.country,
      source: form.source,
    });
    return newsletterOutcome(answer);
  } catch (error) {
    return newsletterFailure(failureOf(error));
  }
}

/** The confirm link (GET, as the mail's link is followed); a failed call is the boundary's. */
export async function confirm(
  context: AppLoadContext,
  token: string,
): Promise<NewsletterConfirmState> {
  try {
    return newsletterConfirmState(await newsletterClient(context).confirm(token));
  } catch (error) {
    backendErrorResponse(error);
  }
}

/** The unsubscribe page's button (POST); a failed call is the boundary's. */
export async function unsubscribe(
  context: AppLoadContext,
  token: string,
): Promise<NewsletterUnsubscribeState> {
  try {
    return newsletterUnsubscribeState(await newsletterClient(context).unsubscribe(token));
  } catch (error) {
    backendErrorResponse(error);
  }
}
