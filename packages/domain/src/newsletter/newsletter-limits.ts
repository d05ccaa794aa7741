// The newsletter block's fixed figures, apart from its zod schemas (`newsletter-schemas.ts`) so
// a browser that renders the block does not download zod (issue 15).

/** C§9: the sign-up block's optional image, in CSS pixels. */
export const NEWSLETTER_IMAGE = { width: 1200, height: 600 } as const;

/** Where on the shop a sign-up was made; the marketing provider keeps it with the contact. */
export const NEWSLETTER_SOURCES = ["storefront-home", "storefront-footer"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** The longest address mail systems deliver to (RFC 5321's path limit less its brackets). */
export const MAX_NEWSLETTER_EMAIL_LENGTH = 254;
