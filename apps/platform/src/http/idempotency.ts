import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { STOREFRONT_TOKEN_HEADER } from "@kassa/api-client";
import { and, eq, lte } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Clock } from "../clock.js";
import { isDatabaseUnavailable } from "../db/database-unavailable.js";
import type { Database } from "../db/open-database.js";
import { type IdempotencyKeyRow, idempotencyKeys } from "../db/schema.js";
import type { JobHandler } from "../jobs/worker.js";
import { logger } from "../logging/logger.js";
import type { AppEnv } from "./app-env.js";
import { badRequest, HttpError } from "./http-error.js";

/**
 * `Idempotency-Key` (IETF draft-ietf-httpapi-idempotency-key-header, as Stripe and Adyen do it):
 * a client that may send a request again (after a timeout, a lost answer, a double submit) sends
 * one key with every try, and the platform does the work once and answers the repeats from its
 * store. The wire contract is in API.md, "Idempotency keys".
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set on an answer replayed from the store. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
export const IDEMPOTENCY_KEY_IN_USE = "IDEMPOTENCY_KEY_IN_USE";
export const IDEMPOTENCY_KEY_REUSED = "IDEMPOTENCY_KEY_REUSED";

/** Methods whose requests a key makes safe to resend; GET and HEAD are safe already. */
const KEYED_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/**
 * Calls whose answers are never stored, so a key on them is ignored and the call runs as if it
 * had none:
 * - answers that are fresh credentials (an access and a refresh token, a rotated shopper session's
 *   token): a lost answer is the caller's to handle (log in again, start a new cart);
 * - POSTs that only read (the `/brink` lookups): running one again does no more than running it
 *   once, and storing each answer (a list of hundreds of orders) was most of the order list's
 *   cost (`bench/pages.mjs`, docs/performance.md).
 * The api-client sends them without a key.
 */
export const UNSTORED_PATHS: ReadonlySet<string> = new Set([
  "/enad/login",
  "/enad/refresh-token",
  "/oauth2/token",
  // Issue 38: a rotated session's new token.
  "/shopper/sessions/rotate",
  "/brink/get-orders-by-email",
  "/brink/get-orders-by-ref",
  "/brink/get-order-by-id",
]);

/**
 * How long an answer is kept: the draft's suggestion, and Stripe's. Clients retry within
 * seconds and a double submit comes within minutes; a day covers both with room to spare and
 * keeps the table small.
 */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * How long a first request may run before a repeat may take its key over: a request whose
 * process died leaves its row `in_progress`, and would otherwise block the key for a day.
 */
const IN_PROGRESS_LEASE_MS = 60 * 1000;

/** A client waits this long before retrying after `IDEMPOTENCY_KEY_IN_USE`. */
const IN_USE_RETRY_AFTER_SECONDS = 1;

/** The answer headers worth replaying; the rest (request id, security headers) are made anew. */
const REPLAYED_HEADERS = ["content-type", "retry-after", "location"] as const;

/**
 * Answers that are not stored, so that a retry runs again: they say "not now" or "not with these
 * credentials", not "this is the outcome". 5xx answers (and thrown errors) are never stored.
 */
const UNSTORED_STATUSES = new Set([401, 408, 409, 425, 429]);

const KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;

export interface IdempotencyOptions {
  db: Database;
  clock: Clock;
}

/**
 * Middleware: honours `Idempotency-Key` on POST, PATCH, PUT and DELETE. Register it after the
 * checks that answer without running a handler (body size, content type) and before the routes.
 *
 * A key is scoped to the method, the path (without a trailing slash) and the caller (a SHA-256
 * of the `Authorization` header, and of the `Kassa-Storefront-Token` when one is sent), so one
 * caller can never be answered from another's store, nor an anonymous one from the shop's. The
 * query string and the body are fingerprinted (`fingerprintOf`); a repeat must send the same.
 */
export function honourIdempotencyKeys({ db, clock }: IdempotencyOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined || !KEYED_METHODS.has(c.req.method)) return next();
    const url = new URL(c.req.url);
    const path = url.pathname.replace(/(?<=.)\/+$/, "");
    if (UNSTORED_PATHS.has(path)) return next();

    const key = parseKey(header);
    const method = c.req.method;
    const storefront = c.req.header(STOREFRONT_TOKEN_HEADER);
    const authorization = c.req.header("authorization") ?? "";
    const caller = sha256(
      storefront === undefined ? authorization : JSON.stringify([authorization, storefront]),
    );
    const id = sha256(JSON.stringify([method, path, caller, key]));
    // The raw bytes, not `text()`: Hono answers a later `formData()` from this cached body, and
    // one converted from text has lost the bytes of a binary multipart upload that were not UTF-8.
    const body = new Uint8Array(await c.req.arrayBuffer());
    const fingerprint = fingerprintOf(url.search, c.req.header("content-type"), body);

    let outcome: Claim;
    try {
      outcome = await claimKey(db, { id, method, path, fingerprint }, clock());
    } catch (error) {
      // The error handler answers it; the in-use answer also says how long to wait.
      if (error instanceof HttpError && error.error === IDEMPOTENCY_KEY_IN_USE) {
        c.header("Retry-After", String(IN_USE_RETRY_AFTER_SECONDS));
      }
      throw error;
    }
    if (outcome.kind === "replay") return replay(c, outcome.row, key);
    const claim = { id, lockedUntil: outcome.lockedUntil };

    try {
      await next();
    } catch (error) {
      await releaseKey(db, claim);
      throw error;
    }
    const response = c.res;
    if (response.status >= 500 || UNSTORED_STATUSES.has(response.status)) {
      await releaseKey(db, claim);
      return;
    }
    const answer = new Uint8Array(await response.clone().arrayBuffer());
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const store = () =>
      storeAnswer(db, claim, {
        status: "completed",
        responseStatus: response.status,
        responseHeaders: headers,
        responseBody: encrypt(answer, key, id),
      });
    try {
      await store();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // The work is done (its transaction committed) and the database went away before its
      // answer was stored: this caller gets the answer, and it is stored once the database is
      // back. Until then a repeat is told to wait (IDEMPOTENCY_KEY_IN_USE), never run again.
      logger.error({ err: error }, "storing an idempotent answer failed");
      whenDatabaseIsBack(store);
    }
  });
}

/** Completes the key's row, while this request still holds it. */
async function storeAnswer(
  db: Database,
  { id, lockedUntil }: HeldKey,
  answer: Pick<IdempotencyKeyRow, "status" | "responseStatus" | "responseHeaders" | "responseBody">,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(
      and(
        eq(idempotencyKeys.id, id),
        eq(idempotencyKeys.status, "in_progress"),
        eq(idempotencyKeys.lockedUntil, lockedUntil),
      ),
    );
}

/** A multipart body's boundary (RFC 2046), from its `Content-Type`. */
function boundaryOf(contentType: string | undefined): string | undefined {
  if (!/^multipart\//i.test(contentType?.trim() ?? "")) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
  return match?.[1] ?? match?.[2];
}

/**
 * The SHA-256 of the query string and the body. A multipart body is hashed without its boundary:
 * a client makes a new one each time it serialises a form, a retry included (fetch does), and
 * the boundary never occurs in the parts' content, so leaving it out changes nothing else.
 */
export function fingerprintOf(
  search: string,
  contentType: string | undefined,
  body: Uint8Array,
): string {
  const hash = createHash("sha256").update(`${search}\n`);
  const boundary = boundaryOf(contentType);
  if (!boundary) return hash.update(body).digest("hex");
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`, "latin1");
  let start = 0;
  for (let at = bytes.indexOf(delimiter); at !== -1; at = bytes.indexOf(delimiter, start)) {
    hash.update(bytes.subarray(start, at)).update("--");
    start = at + delimiter.length;
  }
  return hash.update(bytes.subarray(start)).digest("hex");
}

/**
 * The key as sent: a plain token (`Idempotency-Key: 8e03978e-…`, what the api-client and Stripe
 * send) or the draft's Structured Field string (`Idempotency-Key: "8e03978e-…"`). 1–255 printable
 * ASCII characters.
 */
function parseKey(header: string): string {
  let key = header.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) {
    key = key.slice(1, -1).replace(/\\(["\\])/g, "$1");
  }
  if (!KEY_PATTERN.test(key)) {
    throw badRequest("The Idempotency-Key header is invalid", [
      "Idempotency-Key: must be 1 to 255 printable ASCII characters",
    ]);
  }
  return key;
}

/** `run`: this request holds the key until `lockedUntil` (its row's lease). */
type Claim = { kind: "run"; lockedUntil: Date } | { kind: "replay"; row: IdempotencyKeyRow };

/**
 * Makes this request the one that runs for its key, or finds what to answer instead. The
 * primary key decides between two requests with one new key: on PostgreSQL both insert and one
 * of them gets the row (`ON CONFLICT DO NOTHING`); PGlite runs one statement at a time.
 */
async function claimKey(
  db: Database,
  request: { id: string; method: string; path: string; fingerprint: string },
  now: Date,
): Promise<Claim> {
  const lockedUntil = new Date(now.getTime() + IN_PROGRESS_LEASE_MS);
  // Two rounds at most: a row that expired (or was released) between the insert and the read.
  for (let round = 0; round < 3; round++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        ...request,
        status: "in_progress",
        lockedUntil,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS),
      })
      .onConflictDoNothing({ target: idempotencyKeys.id })
      .returning({ id: idempotencyKeys.id });
    if (inserted.length > 0) return { kind: "run", lockedUntil };

    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.id, request.id));
    if (!row) continue;
    if (row.expiresAt <= now) {
      // Lazily forgotten: the hourly purge may not have come by yet.
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.id, row.id), lte(idempotencyKeys.expiresAt, now)));
      continue;
    }
    if (row.fingerprint !== request.fingerprint) {
      throw new HttpError(
        422,
        IDEMPOTENCY_KEY_REUSED,
        "This Idempotency-Key was used for a different request; send a new key",
      );
    }
    if (row.status === "completed") return { kind: "replay", row };
    if (row.lockedUntil <= now) {
      // The first request's process is gone: this repeat takes the key over.
      const taken = await db
        .update(idempotencyKeys)
        .set({ lockedUntil })
        .where(
          and(
            eq(idempotencyKeys.id, row.id),
            eq(idempotencyKeys.status, "in_progress"),
            eq(idempotencyKeys.lockedUntil, row.lockedUntil),
          ),
        )
        .returning({ id: idempotencyKeys.id });
      if (taken.length > 0) return { kind: "run", lockedUntil };
    }
    throw keyInUse();
  }
  throw keyInUse();
}

function keyInUse(): HttpError {
  return new HttpError(
    409,
    IDEMPOTENCY_KEY_IN_USE,
    "A request with this Idempotency-Key is still in progress; retry shortly",
  );
}

/** The key a running request holds: its row, and the lease it took it with. */
interface HeldKey {
  id: string;
  lockedUntil: Date;
}

/**
 * Forgets a key whose request failed, so that a retry runs again. When the database is what
 * failed (restarting), the key is released in the background as soon as it is back, rather than
 * blocking the client's retries with `IDEMPOTENCY_KEY_IN_USE` until the lease runs out (ADR 0045).
 */
async function releaseKey(db: Database, key: HeldKey): Promise<void> {
  try {
    await deleteHeldKey(db, key);
  } catch (error) {
    // Else the lease runs out instead: a retry after it may run.
    logger.error({ err: error }, "releasing an idempotency key failed");
    if (isDatabaseUnavailable(error)) whenDatabaseIsBack(() => deleteHeldKey(db, key));
  }
}

/**
 * Deletes the row only while this request still holds it: a release that comes late (retried in
 * the background) never drops a key that a retry took over after the lease, or that completed.
 */
async function deleteHeldKey(db: Database, { id, lockedUntil }: HeldKey): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.id, id),
        eq(idempotencyKeys.status, "in_progress"),
        eq(idempotencyKeys.lockedUntil, lockedUntil),
      ),
    );
}

/** Waits between tries of {@link whenDatabaseIsBack}: from the first, doubling to the last. */
const FIRST_KEY_RETRY_MS = 250;
const LAST_KEY_RETRY_MS = 4000;

/**
 * Tries `work` on a key's row again in the background while the database is unavailable, for as
 * long as the key's lease: after that a repeat may take the key over, and the row is no longer
 * this request's (both writes check that it still is).
 */
function whenDatabaseIsBack(work: () => Promise<void>): void {
  const giveUpAt = Date.now() + IN_PROGRESS_LEASE_MS;
  const attempt = (waitMs: number) => {
    if (Date.now() + waitMs > giveUpAt) return;
    setTimeout(() => {
      work().catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) attempt(Math.min(waitMs * 2, LAST_KEY_RETRY_MS));
      });
    }, waitMs).unref();
  };
  attempt(FIRST_KEY_RETRY_MS);
}

function replay(c: Context<AppEnv>, row: IdempotencyKeyRow, key: string): Response {
  const body = new Uint8Array(row.responseBody ? decrypt(row.responseBody, key, row.id) : []);
  const headers: Record<string, string> = { ...row.responseHeaders };
  headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()] = "true";
  return c.body(body, (row.responseStatus ?? 200) as ContentfulStatusCode, headers);
}

function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * Answers are encrypted with AES-256-GCM under a key derived from the idempotency key, which is
 * stored nowhere (the row id is a hash of it): a copy of the database does not hand out the
 * tokens some answers carry (a signup's `signup_token`, a shopper session token).
 */
function answerKey(idempotencyKey: string, id: string): Buffer {
  return Buffer.from(hkdfSync("sha256", idempotencyKey, id, "kassa idempotent answer", 32));
}

function encrypt(plain: Uint8Array, idempotencyKey: string, id: string): Uint8Array {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", answerKey(idempotencyKey, id), nonce);
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), encrypted]);
}

function decrypt(stored: Uint8Array, idempotencyKey: string, id: string): Uint8Array {
  const bytes = Buffer.from(stored);
  const decipher = createDecipheriv(
    "aes-256-gcm",
    answerKey(idempotencyKey, id),
    bytes.subarray(0, 12),
  );
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}

/** Deletes the keys past their lifetime; resolves to how many went. */
export async function purgeExpiredIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ id: idempotencyKeys.id });
  return deleted.length;
}

/** The hourly `purge-idempotency-keys` job. */
export const purgeIdempotencyKeysJob: JobHandler = async (_payload, { db, clock }) => {
  await purgeExpiredIdempotencyKeys(db, clock());
};
