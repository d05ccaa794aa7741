import { ACCOUNT_DETAILS } from "@kassa/api-client";
import type { Database } from "../../db/open-database.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { takeHit } from "../rate-limits/rate-limit.js";

/**
 * How many link mails (verification, password reset) one address may receive in an hour. The
 * link calls need no login, so without a limit anyone could flood a stranger's inbox through the
 * shop. A person who asks again after the storefront's 5:00 countdown stays far below it.
 */
export const LINK_MAILS_PER_HOUR = 10;
const WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts a link mail to `to`, or refuses it (429 'too many attempts', with the seconds to wait)
 * when the address has had {@link LINK_MAILS_PER_HOUR} in the last hour. Counted and checked in
 * one locked step before the mail is written, so parallel requests cannot send more.
 */
export async function countLinkMail(db: Database, to: string, now: Date): Promise<void> {
  const outcome = await takeHit(
    db,
    [{ key: `link-mail:${to}`, limit: LINK_MAILS_PER_HOUR, windowMs: WINDOW_MS }],
    now,
  );
  if (!outcome.allowed) {
    throw new BusinessFailure(429, ACCOUNT_DETAILS.tooManyAttempts, {
      retryAfterSeconds: outcome.retryAfterSeconds,
    });
  }
}
