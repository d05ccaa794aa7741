/**
 * What the newsletter block and its link pages say (C§4 states, C§5 validation, C§8 errors), as
 * translation keys of `@kassa/i18n`, and the spec's English text of each C§8 / C§5 message.
 */
export const NEWSLETTER_MESSAGES = {
  /** C§5 'Email is required'. */
  emailRequired: "newsletter.errors.emailRequired",
  /** C§5 'Please enter a valid email address'. */
  emailInvalid: "newsletter.errors.emailInvalid",
  /** C§8 'Subscription failed': the marketing provider refused the sign-up. */
  subscriptionFailed: "newsletter.errors.subscriptionFailed",
  /** C§8 'Something went wrong. Please try again.': the provider failed (5xx). */
  tryAgain: "newsletter.errors.tryAgain",
  /** C§8 'An unexpected error occurred': no answer at all, or one nobody expected. */
  unexpected: "newsletter.errors.unexpected",
  /** The success state: a confirmation mail is on its way (or the address is on the list). */
  checkInbox: "newsletter.success.checkInbox",
} as const;

export type NewsletterMessageKey = (typeof NEWSLETTER_MESSAGES)[keyof typeof NEWSLETTER_MESSAGES];

/** The spec's English text of each validation and error message. */
export const NEWSLETTER_TEXTS: Readonly<
  Record<Exclude<NewsletterMessageKey, typeof NEWSLETTER_MESSAGES.checkInbox>, string>
> = {
  [NEWSLETTER_MESSAGES.emailRequired]: "Email is required",
  [NEWSLETTER_MESSAGES.emailInvalid]: "Please enter a valid email address",
  [NEWSLETTER_MESSAGES.subscriptionFailed]: "Subscription failed",
  [NEWSLETTER_MESSAGES.tryAgain]: "Something went wrong. Please try again.",
  [NEWSLETTER_MESSAGES.unexpected]: "An unexpected error occurred",
};
