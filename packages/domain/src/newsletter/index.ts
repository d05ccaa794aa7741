export {
  MAX_NEWSLETTER_EMAIL_LENGTH,
  NEWSLETTER_IMAGE,
  NEWSLETTER_SOURCES,
  type NewsletterSource,
} from "./newsletter-limits.js";
export {
  NEWSLETTER_MESSAGES,
  NEWSLETTER_TEXTS,
  type NewsletterMessageKey,
} from "./newsletter-messages.js";
export {
  NEWSLETTER_ANSWERS,
  type NewsletterAnswer,
  type NewsletterConfirmState,
  type NewsletterFailure,
  type NewsletterOutcome,
  type NewsletterUnsubscribeState,
  newsletterConfirmState,
  newsletterFailure,
  newsletterOutcome,
  newsletterUnsubscribeState,
} from "./newsletter-outcomes.js";
export {
  type NewsletterSignupForm,
  type NewsletterUnsubscribeForm,
  newsletterEmailSchema,
  newsletterSignupSchema,
  newsletterToken,
  newsletterUnsubscribeSchema,
} from "./newsletter-schemas.js";
