import { NEWSLETTER_MESSAGES, type NewsletterMessageKey } from "./newsletter-messages.js";

/**
 * The marketing provider's answers (C§7: `success` and `message`) and failures, turned into what
 * the shopper is shown. The platform's messages: `confirmation_sent` / `already_subscribed` for a
 * sign-up, `confirmed` / `already_confirmed` for the mail's confirm link, `unsubscribed` for its
 * unsubscribe link; `success: false` when it refuses (a 4xx: an address it does not take, an
 * unknown list, an unknown or expired token).
 */
export interface NewsletterAnswer {
  success: boolean;
  message: string;
}

/** The platform's `message` values the storefront tells apart. */
export const NEWSLETTER_ANSWERS = {
  confirmationSent: "confirmation_sent",
  alreadySubscribed: "already_subscribed",
  confirmed: "confirmed",
  alreadyConfirmed: "already_confirmed",
  unsubscribed: "unsubscribed",
} as const;

/** The sign-up block's states after a post (C§4: idle, loading, success, error). */
export type NewsletterOutcome =
  | {
      state: "success";
      message: typeof NEWSLETTER_MESSAGES.checkInbox;
      /**
       * The address was on the list already. The block says the same as for a new one (ADR 0017:
       * a visitor must not learn who subscribes); this is for logs and tests.
       */
      alreadySubscribed: boolean;
    }
  | { state: "error"; message: NewsletterMessageKey; failure: NewsletterFailure };

/**
 * How a sign-up call failed: `refused` (the provider answered `success: false`), `server` (it
 * answered with a server error), `unexpected` (no answer: the network, a timeout, a reply that
 * was not the provider's).
 */
export type NewsletterFailure = "refused" | "server" | "unexpected";

/** C§8's message for a failure. */
export function newsletterFailure(failure: NewsletterFailure): NewsletterOutcome {
  switch (failure) {
    case "refused":
      return { state: "error", message: NEWSLETTER_MESSAGES.subscriptionFailed, failure };
    case "server":
      return { state: "error", message: NEWSLETTER_MESSAGES.tryAgain, failure };
    default:
      return { state: "error", message: NEWSLETTER_MESSAGES.unexpected, failure };
  }
}

/**
 * A sign-up's answer: success when the provider says so (a confirmation mail, or the address was
 * subscribed already); `success: false` is C§8's 'Subscription failed'.
 */
export function newsletterOutcome(answer: NewsletterAnswer): NewsletterOutcome {
  if (!answer.success) return newsletterFailure("refused");
  return {
    state: "success",
    message: NEWSLETTER_MESSAGES.checkInbox,
    alreadySubscribed: answer.message === NEWSLETTER_ANSWERS.alreadySubscribed,
  };
}

/** What the confirm link's page shows. */
export type NewsletterConfirmState = "confirmed" | "alreadyConfirmed" | "invalidLink";

/** The confirm link's answer: confirmed, confirmed before, or a link that is unknown or expired. */
export function newsletterConfirmState(answer: NewsletterAnswer): NewsletterConfirmState {
  if (!answer.success) return "invalidLink";
  return answer.message === NEWSLETTER_ANSWERS.alreadyConfirmed ? "alreadyConfirmed" : "confirmed";
}

/** What the unsubscribe page shows after its button. */
export type NewsletterUnsubscribeState = "unsubscribed" | "invalidLink";

export function newsletterUnsubscribeState(answer: NewsletterAnswer): NewsletterUnsubscribeState {
  return answer.success ? "unsubscribed" : "invalidLink";
}
