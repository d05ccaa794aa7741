import type { Database } from "../../db/open-database.js";
import { HttpError } from "../../http/http-error.js";
import { type RateLimit, takeHit } from "../rate-limits/rate-limit.js";

/**
 * Sign-ups one client address may make in ten minutes. The call needs no login; a storefront
 * forwards the shopper's address, so an office behind one address still has room for everyone's
 * sign-up, while one client cannot sign up a stream of strangers.
 */
export const NEWSLETTER_SIGNUPS_PER_ADDRESS = { limit: 20, windowMs: 10 * 60 * 1000 } as const;

/**
 * Sign-ups of one address an hour. A pending subscription is mailed at most once per 10 minutes
 * whatever happens; this keeps a script from keeping the rows of one address busy.
 */
export const NEWSLETTER_SIGNUPS_PER_EMAIL = { limit: 10, windowMs: 60 * 60 * 1000 } as const;

/**
 * Counts a sign-up against its client address (when known: a trusted caller that names no
 * shopper is not limited by address) and its email, or refuses it with 429 and `Retry-After`.
 */
export async function countNewsletterSignup(
  db: Database,
  { email, address }: { email: string; address: string | undefined },
  now: Date,
): Promise<void> {
  const limits: RateLimit[] = [
    { key: `newsletter-email:${email}`, ...NEWSLETTER_SIGNUPS_PER_EMAIL },
  ];
  if (address !== undefined) {
    limits.push({ key: `newsletter-address:${address}`, ...NEWSLETTER_SIGNUPS_PER_ADDRESS });
  }
  const outcome = await takeHit(db, limits, now);
  if (!outcome.allowed) {
    throw new HttpError(429, "TOO_MANY_REQUESTS", "Too many newsletter sign-ups; try again later", {
      retryAfterSeconds: outcome.retryAfterSeconds,
    });
  }
}
