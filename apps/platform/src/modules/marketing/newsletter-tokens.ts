import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { marketingSubscriptionTokens } from "../../db/schema.js";

/** A confirm link works for a week (an unsubscribe link as long as the subscription exists). */
export const CONFIRM_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type NewsletterTokenKind = "confirm" | "unsubscribe";

export interface SubscriptionKey {
  contactId: string;
  listId: string;
}

function digest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Makes the two links of one mail: a confirm token that lives a week and an unsubscribe token
 * that lives as long as the subscription. Only their hashes are stored; the tokens are returned
 * once, for the mail. The subscription's confirm tokens that have expired go at the same time,
 * so they do not pile up.
 */
export async function issueSubscriptionTokens(
  db: Database,
  subscription: SubscriptionKey,
  now: Date,
): Promise<{ confirm: string; unsubscribe: string }> {
  await db
    .delete(marketingSubscriptionTokens)
    .where(
      and(
        eq(marketingSubscriptionTokens.contactId, subscription.contactId),
        eq(marketingSubscriptionTokens.listId, subscription.listId),
        eq(marketingSubscriptionTokens.kind, "confirm"),
        lte(marketingSubscriptionTokens.expiresAt, now),
      ),
    );
  const confirm = randomBytes(32).toString("base64url");
  const unsubscribe = randomBytes(32).toString("base64url");
  await db.insert(marketingSubscriptionTokens).values([
    {
      tokenHash: digest(confirm),
      ...subscription,
      kind: "confirm",
      expiresAt: new Date(now.getTime() + CONFIRM_TOKEN_LIFETIME_MS),
      createdAt: now,
    },
    { tokenHash: digest(unsubscribe), ...subscription, kind: "unsubscribe", createdAt: now },
  ]);
  return { confirm, unsubscribe };
}

/** The subscription a live token of this kind belongs to, or undefined. */
export async function subscriptionOfToken(
  db: Database,
  token: string,
  kind: NewsletterTokenKind,
  now: Date,
): Promise<SubscriptionKey | undefined> {
  const [row] = await db
    .select({
      contactId: marketingSubscriptionTokens.contactId,
      listId: marketingSubscriptionTokens.listId,
    })
    .from(marketingSubscriptionTokens)
    .where(
      and(
        eq(marketingSubscriptionTokens.tokenHash, digest(token)),
        eq(marketingSubscriptionTokens.kind, kind),
        or(
          isNull(marketingSubscriptionTokens.expiresAt),
          gt(marketingSubscriptionTokens.expiresAt, now),
        ),
      ),
    );
  return row;
}

/** Forgets a subscription's confirm links (an unsubscribe: an old link must not undo it). */
export async function dropConfirmTokens(db: Database, subscription: SubscriptionKey) {
  await db
    .delete(marketingSubscriptionTokens)
    .where(
      and(
        eq(marketingSubscriptionTokens.contactId, subscription.contactId),
        eq(marketingSubscriptionTokens.listId, subscription.listId),
        eq(marketingSubscriptionTokens.kind, "confirm"),
      ),
    );
}
