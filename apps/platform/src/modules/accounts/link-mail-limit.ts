import { and, asc, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { mailOutbox } from "../../db/schema.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { ACCOUNT_DETAILS } from "./account-details.js";

/**
 * How many link mails (verification, password reset) one address may receive in an hour. The
 * link calls need no login, so without a limit anyone could flood a stranger's inbox through the
 * shop. A person who asks again after the storefront's 5:00 countdown stays far below it.
 */
export const LINK_MAILS_PER_HOUR = 10;
const WINDOW_MS = 60 * 60 * 1000;

/**
 * Refuses (429 'too many attempts', with the seconds to wait) when `to` has had
 * {@link LINK_MAILS_PER_HOUR} mails in the last hour. The outbox is the count: every mail is kept
 * there, sent or not.
 */
export async function assertLinkMailAllowed(db: Database, to: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const recent = await db
    .select({ at: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), gt(mailOutbox.createdAt, since)))
    .orderBy(asc(mailOutbox.createdAt));
  if (recent.length < LINK_MAILS_PER_HOUR) return;
  // The block lifts when enough of the window's mails have aged out.
  const oldestCounted = recent[recent.length - LINK_MAILS_PER_HOUR];
  const waitMs = (oldestCounted?.at.getTime() ?? now.getTime()) + WINDOW_MS - now.getTime();
  throw new BusinessFailure(429, ACCOUNT_DETAILS.tooManyAttempts, {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });
}
