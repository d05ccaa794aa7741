import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type AccountTokenRow, accountTokens } from "../../db/schema.js";

export type AccountTokenKind = AccountTokenRow["kind"];

/** How long each kind of token lives. */
export const TOKEN_LIFETIMES_MS: Record<AccountTokenKind, number> = {
  /** The verification link in the signup mail. */
  verify: 24 * 60 * 60 * 1000,
  /** The reset link: short, since it logs in to the account in all but name. */
  reset: 60 * 60 * 1000,
  /** Refresh tokens: the refresh-token cookie of the storefront. */
  refresh: 30 * 24 * 60 * 60 * 1000,
  /**
   * Proof of a signup (`signup_token`). An unconfirmed signup is kept as long: its verification
   * link lives a day, a week leaves room to ask for another.
   */
  signup: 7 * 24 * 60 * 60 * 1000,
};

/** Tokens are base64url of 32 random bytes: 43 characters. Anything much longer is not ours. */
export const MAX_TOKEN_LENGTH = 256;

function digest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Ends a token's life now, as if its time had run out (the `/dev` helper that lets a browser test
 * see an expired link without waiting an hour). Answers whether such a token existed.
 */
export async function expireToken(db: Database, token: string, now: Date): Promise<boolean> {
  const expired = await db
    .update(accountTokens)
    .set({ expiresAt: new Date(now.getTime() - 1000) })
    .where(eq(accountTokens.tokenHash, digest(token)))
    .returning({ id: accountTokens.id });
  return expired.length > 0;
}

/** Makes a token for the user and stores only its hash. Returns the token itself, once. */
export async function issueToken(
  db: Database,
  userId: string,
  kind: AccountTokenKind,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(accountTokens).values({
    id: randomUUID(),
    userId,
    kind,
    tokenHash: digest(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIMES_MS[kind]),
    createdAt: now,
  });
  return token;
}

export type SpentToken =
  | { status: "valid"; token: AccountTokenRow }
  | { status: "expired" }
  | { status: "not found" };

/**
 * Spends a token: marks it used if it is unused and unexpired, in one conditional UPDATE, so two
 * requests with the same link cannot both succeed. A used token answers "not found", like one
 * that never existed; an expired one answers "expired" (and stays unused, so it keeps saying so).
 */
export async function spendToken(
  db: Database,
  kind: AccountTokenKind,
  token: string,
  now: Date,
): Promise<SpentToken> {
  const tokenHash = digest(token);
  const [spent] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  if (spent) return { status: "valid", token: spent };

  const [row] = await db
    .select({ usedAt: accountTokens.usedAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.kind, kind)));
  return row && row.usedAt === null ? { status: "expired" } : { status: "not found" };
}

export type PeekedToken =
  | { status: "valid"; userId: string }
  | { status: "expired" }
  | { status: "not found" };

/** What `spendToken` would answer, without spending the token. */
export async function peekToken(
  db: Database,
  kind: AccountTokenKind,
  token: string,
  now: Date,
): Promise<PeekedToken> {
  const [row] = await db
    .select({
      userId: accountTokens.userId,
      usedAt: accountTokens.usedAt,
      expiresAt: accountTokens.expiresAt,
    })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, digest(token)), eq(accountTokens.kind, kind)));
  if (!row || row.usedAt !== null) return { status: "not found" };
  if (row.expiresAt <= now) return { status: "expired" };
  return { status: "valid", userId: row.userId };
}

/**
 * The user id of an unused, unexpired token, without spending it (a signup token proves the same
 * signup several times: for its organisation, then for its verification links).
 */
export async function tokenOwner(
  db: Database,
  kind: AccountTokenKind,
  token: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, digest(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    );
  return row?.userId;
}

/** Deletes the user's tokens of the given kinds (all kinds when none are named). */
export async function revokeTokens(
  db: Database,
  userId: string,
  kinds: AccountTokenKind[] = [],
): Promise<void> {
  await db
    .delete(accountTokens)
    .where(
      kinds.length
        ? and(eq(accountTokens.userId, userId), inArray(accountTokens.kind, kinds))
        : eq(accountTokens.userId, userId),
    );
}
