import { z } from "zod";
import { isEmailAddress } from "../account/email.js";
import { ifNoIssueYet } from "../forms/form-values.js";
import { VALIDATION_MESSAGES as M } from "../forms/messages.js";
import { MAX_NEWSLETTER_EMAIL_LENGTH, NEWSLETTER_SOURCES } from "./newsletter-limits.js";
import { NEWSLETTER_MESSAGES as N } from "./newsletter-messages.js";

/**
 * The newsletter sign-up block (C§2, C§5) and the unsubscribe confirmation: the forms the
 * storefront posts, validated with these schemas on the server; the browser checks the field's HTML constraints.
 * Messages are translation keys (`newsletter.errors.*` of `@kassa/i18n`).
 */

/**
 * The newsletter's email (C§5): required ('Email is required'), then an email address ('Please
 * enter a valid email address'); trimmed and lower-cased, so `Anna@Example.se ` and
 * `anna@example.se` are one subscriber. One message at a time.
 */
export const newsletterEmailSchema = z
  .string({ error: N.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: N.emailRequired })
  .refine((email) => email.length <= MAX_NEWSLETTER_EMAIL_LENGTH && isEmailAddress(email), {
    error: N.emailInvalid,
    ...ifNoIssueYet,
  });

/**
 * The sign-up block's post: `intent=subscribe`, `email`, and the block's `source` (a hidden field;
 * one that is not a known source is dropped rather than refused: it only says where the form was).
 */
export const newsletterSignupSchema = z.object({
  intent: z.literal("subscribe", { error: M.invalid }),
  email: newsletterEmailSchema,
  source: z.enum(NEWSLETTER_SOURCES).optional().catch(undefined),
});

/** The unsubscribe page's button: `intent=unsubscribe` and the mail's token. */
export const newsletterUnsubscribeSchema = z.object({
  intent: z.literal("unsubscribe", { error: M.invalid }),
  token: newsletterToken(),
});

/** A token from a newsletter mail's link: trimmed, not empty, at most 512 characters. */
export function newsletterToken() {
  return z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required })
    .max(512, { error: M.invalid });
}

export type NewsletterSignupForm = z.output<typeof newsletterSignupSchema>;
export type NewsletterUnsubscribeForm = z.output<typeof newsletterUnsubscribeSchema>;
