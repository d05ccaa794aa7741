import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_SESSION_STARTS_PER_ADDRESS } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import { type ShopperSessionRow, shopperSessions } from "../../db/schema.js";
import { MAX_ID_LENGTH, MAX_LANGUAGE_LENGTH } from "../../http/field-limits.js";
import { badRequest, HttpError, unauthorized } from "../../http/http-error.js";
import { findLanguage, LANGUAGES } from "../catalogue/language.js";
import { resolveMarket, resolveStoreGroup } from "../catalogue/markets.js";
import { type AddressLimit, refusedForAddress } from "../rate-limits/rate-limit.js";
import type { SessionClaims } from "./session-token.js";

export const startSessionBody = z.object({
  storeGroupId: z.string().min(1).max(MAX_ID_LENGTH),
  countryCode: z.string().min(1).max(MAX_ID_LENGTH),
  languageCode: z.string().min(1).max(MAX_LANGUAGE_LENGTH),
});

/**
 * Session starts one client address may make in ten minutes. A session is a row that lives 30
 * days, and starting one needs no login, so without a limit one client could fill the database.
 * A storefront starts one on a shopper's first add to cart (and on a market change), so even an
 * office of shoppers behind one address stays far below it.
 */
export const SESSION_STARTS_PER_ADDRESS: AddressLimit = {
  name: "session-start",
  limit: DEFAULT_SESSION_STARTS_PER_ADDRESS,
  windowMs: 10 * 60 * 1000,
};

/** Counts a session start from `address`, or refuses it with 429 past `limit` (the config's). */
export async function countSessionStart(
  db: Database,
  address: string | undefined,
  now: Date,
  limit: number = SESSION_STARTS_PER_ADDRESS.limit,
): Promise<void> {
  const waitSeconds = await refusedForAddress(
    db,
    { ...SESSION_STARTS_PER_ADDRESS, limit },
    address,
    now,
  );
  if (waitSeconds !== null) {
    throw new HttpError(429, "TOO_MANY_REQUESTS", "Too many sessions started from this address", {
      retryAfterSeconds: waitSeconds,
    });
  }
}

/** Creates a session (and its empty cart) for a store group, market and language. */
export async function startSession(
  db: Database,
  input: z.output<typeof startSessionBody>,
  now: Date,
): Promise<ShopperSessionRow> {
  const storeGroup = resolveStoreGroup(input.storeGroupId);
  const market = resolveMarket(input.countryCode);
  const language = findLanguage(input.languageCode);
  const errors = [
    storeGroup ? null : `storeGroupId: unknown store group "${input.storeGroupId}"`,
    market ? null : `countryCode: unknown market "${input.countryCode}"`,
    language ? null : `languageCode: "${input.languageCode}" is not one of ${LANGUAGES.join(", ")}`,
  ].filter((error): error is string => error !== null);
  if (!storeGroup || !market || !language) {
    throw badRequest("The session cannot be started for this store group and market", errors);
  }

  const [session] = await db
    .insert(shopperSessions)
    .values({
      id: randomUUID(),
      storeGroupId: storeGroup.id,
      countryCode: market.country,
      currencyCode: market.currency,
      languageCode: language,
      isTaxIncludedInPrice: storeGroup.isTaxIncludedInPrice,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!session) throw new Error("Inserting a shopper session returned no row");
  return session;
}

export function claimsOf(session: ShopperSessionRow): SessionClaims {
  return {
    sessionId: session.id,
    storeGroupId: session.storeGroupId,
    countryCode: session.countryCode,
    currencyCode: session.currencyCode,
    languageCode: session.languageCode,
    isTaxIncludedInPrice: session.isTaxIncludedInPrice,
    generation: session.tokenGeneration,
  };
}

/**
 * Refuses a token of an earlier generation than its session's (issue 38): after a rotation the
 * tokens signed before it, session and checkout tokens alike, open nothing. A session that is gone
 * is refused as {@link findSession} refuses it. Every route that takes a session or checkout token
 * passes here (`requireSession`, `requireCheckout`), so no call reads the row without it.
 */
export async function assertCurrentTokenGeneration(
  db: Database,
  sessionId: string,
  generation: number,
): Promise<void> {
  const [session] = await db
    .select({ tokenGeneration: shopperSessions.tokenGeneration })
    .from(shopperSessions)
    .where(eq(shopperSessions.id, sessionId));
  if (!session) throw unauthorized("The session no longer exists");
  if (session.tokenGeneration !== generation) {
    throw unauthorized("The session token has been replaced by a newer one");
  }
}

/**
 * Issue 38: gives the session a new token generation, so that the token of `generation` and every
 * checkout token made from it stop working; the cart (lines, codes, attributes, the customer
 * link) stays as it is. Only the current token rotates, and only once: a second rotation with the
 * same token is refused like any replaced token.
 */
export async function rotateSessionTokens(
  db: Database,
  sessionId: string,
  generation: number,
  now: Date,
): Promise<ShopperSessionRow> {
  const [session] = await db
    .update(shopperSessions)
    .set({ tokenGeneration: sql`${shopperSessions.tokenGeneration} + 1`, updatedAt: now })
    .where(and(eq(shopperSessions.id, sessionId), eq(shopperSessions.tokenGeneration, generation)))
    .returning();
  if (!session) throw unauthorized("The session token has been replaced by a newer one");
  return session;
}

/**
 * The session a token names. A valid token whose session is gone (e.g. after a reseed) is as good
 * as no token: 401, so the client starts a new session.
 */
export async function findSession(
  db: Database,
  sessionId: string,
  { forUpdate = false } = {},
): Promise<ShopperSessionRow> {
  const query = db.select().from(shopperSessions).where(eq(shopperSessions.id, sessionId));
  const [session] = forUpdate ? await query.for("update") : await query;
  if (!session) throw unauthorized("The session no longer exists");
  return session;
}

/** What a cart change may change of the session row besides its revision. */
export type SessionChanges = Partial<Pick<ShopperSessionRow, "attributes">>;

/** Marks a change of the cart at `now`: every change gets a new revision (a checkout freezes one). */
export async function bumpRevision(
  db: Database,
  sessionId: string,
  now: Date,
  changes: SessionChanges = {},
): Promise<ShopperSessionRow> {
  const [session] = await db
    .update(shopperSessions)
    .set({ ...changes, revision: sql`${shopperSessions.revision} + 1`, updatedAt: now })
    .where(eq(shopperSessions.id, sessionId))
    .returning();
  if (!session) throw unauthorized("The session no longer exists");
  return session;
}
