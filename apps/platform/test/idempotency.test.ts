import { randomUUID } from "node:crypto";
import type {
  Cart,
  ItemAdded,
  PlatformErrorBody,
  SessionStarted,
  SignupResult,
} from "@kassa/api-client";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, users } from "../src/db/schema.js";
import { enqueue } from "../src/jobs/job-queue.js";
import { platformJobHandlers } from "../src/jobs/platform-jobs.js";
import { startWorker } from "../src/jobs/worker.js";
import { usePasswordHashCost } from "../src/modules/accounts/password-hash.js";
import { SEED_FIXTURES, SEED_PASSWORD, SEED_USERS } from "../src/seed/fixtures.js";
import { signupPayload } from "./support/accounts.js";
import { HOUR } from "./support/test-clock.js";
import { type ApiResponse, startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

/** Each signup from its own client address, so the per-address signup limit never answers. */
let addressCounter = 0;
function freshAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

function signUp(payload: object, key: string | undefined, address = freshAddress()) {
  const headers: Record<string, string> = { "x-forwarded-for": address };
  if (key !== undefined) headers["idempotency-key"] = key;
  return platform.request<{ data: SignupResult } & PlatformErrorBody>("POST", "/enad/signup/", {
    body: payload,
    headers,
  });
}

async function usersWithEmail(email: string) {
  return platform.db.select({ id: users.id }).from(users).where(eq(users.email, email));
}

async function newSession() {
  const { body } = await platform.request<SessionStarted>("POST", "/shopper/sessions/start", {
    body: { storeGroupId: "default", countryCode: "SE", languageCode: "sv" },
  });
  return body.token;
}

function addItem(token: string, key: string, quantity = 1) {
  return platform.request<ItemAdded & PlatformErrorBody>("POST", "/shopper/sessions/items", {
    token,
    body: { productVariantId: SEED_FIXTURES.simple.variantId, quantity },
    headers: { "idempotency-key": key },
  });
}

async function cartOf(token: string): Promise<Cart> {
  const { body } = await platform.request<{ cart: Cart }>("GET", "/shopper/sessions", { token });
  return body.cart;
}

const quantityIn = (cart: Cart) => cart.items.reduce((sum, item) => sum + item.quantity, 0);
const replayed = (response: ApiResponse) => response.headers.get("idempotent-replayed");

describe("Idempotency-Key", () => {
  it("answers a resent signup from the store: one user, the same 201 byte for byte", async () => {
    const payload = signupPayload();
    const key = randomUUID();
    const first = await signUp(payload, key);
    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();

    // Another try of the same call, from the same client (after a lost answer).
    const second = await signUp(payload, key);
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect(second.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(replayed(second)).toBe("true");
    // A new request id: the answer is replayed, the exchange is new.
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(await usersWithEmail(payload.email)).toHaveLength(1);

    // The path with or without its trailing slash is one request target.
    const third = await platform.request("POST", "/enad/signup", {
      body: payload,
      headers: { "idempotency-key": key, "x-forwarded-for": freshAddress() },
    });
    expect(third.text).toBe(first.text);
    expect(replayed(third)).toBe("true");
  });

  it("takes the draft's quoted form of a key as the same key", async () => {
    const payload = signupPayload();
    const key = randomUUID();
    const first = await signUp(payload, key);
    const second = await signUp(payload, `"${key}"`);
    expect(replayed(second)).toBe("true");
    expect(second.text).toBe(first.text);
  });

  it("adds a resent item to the cart once", async () => {
    const token = await newSession();
    const key = randomUUID();
    const first = await addItem(token, key, 2);
    expect(first.status).toBe(200);
    const second = await addItem(token, key, 2);
    expect(second.status).toBe(200);
    expect(replayed(second)).toBe("true");
    expect(second.text).toBe(first.text);
    expect(quantityIn(await cartOf(token))).toBe(2);

    // A new key is a new call: the quantity goes up.
    await addItem(token, randomUUID(), 2);
    expect(quantityIn(await cartOf(token))).toBe(4);
  });

  it("answers 409 IDEMPOTENCY_KEY_IN_USE to a repeat while the first is still running", async () => {
    const payload = signupPayload();
    const key = randomUUID();
    const address = freshAddress();
    // Signup hashes the password: at the real cost (the tests' own takes milliseconds) that is most
    // of a second of scrypt, so the second arrives while the first runs.
    usePasswordHashCost("standard");
    const [a, b] = await Promise.all([
      signUp(payload, key, address),
      signUp(payload, key, address),
    ]).finally(() => usePasswordHashCost("test"));
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 409]);
    const conflict = a.status === 409 ? a : b;
    expect(conflict.body.error).toBe("IDEMPOTENCY_KEY_IN_USE");
    expect(conflict.body.statusCode).toBe(409);
    expect(conflict.headers.get("retry-after")).toBe("1");
    expect(await usersWithEmail(payload.email)).toHaveLength(1);

    // The client's retry after the wait gets the first answer.
    const retry = await signUp(payload, key, address);
    expect(retry.status).toBe(201);
    expect(replayed(retry)).toBe("true");
  });

  it("runs a burst of same-key requests once", async () => {
    const token = await newSession();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => addItem(token, key)));
    // One ran; each other one was told to wait (409) or got its answer replayed.
    expect(answers.filter((answer) => answer.status === 200 && !replayed(answer))).toHaveLength(1);
    for (const answer of answers) {
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 409) expect(answer.body.error).toBe("IDEMPOTENCY_KEY_IN_USE");
    }
    expect(quantityIn(await cartOf(token))).toBe(1);
  });

  it("answers 422 IDEMPOTENCY_KEY_REUSED when the key comes with another body", async () => {
    const key = randomUUID();
    const first = await signUp(signupPayload(), key);
    expect(first.status).toBe(201);
    const other = signupPayload();
    const second = await signUp(other, key);
    expect(second.status).toBe(422);
    expect(second.body.error).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(second.body.statusCode).toBe(422);
    expect(await usersWithEmail(other.email)).toHaveLength(0);
  });

  it("answers in the {ok, status, data} envelope under /api/", async () => {
    const key = randomUUID();
    const send = (email: string) =>
      platform.request<{ ok: boolean; status: number; data: PlatformErrorBody }>(
        "POST",
        "/api/enad/create-reset-password-link/",
        { body: { email }, headers: { "idempotency-key": key } },
      );
    const first = await send(SEED_USERS.customer.email);
    expect(first.status).toBe(200);
    const again = await send(SEED_USERS.customer.email);
    expect(replayed(again)).toBe("true");
    expect(again.text).toBe(first.text);
    const reused = await send(SEED_USERS.companyAdmin.email);
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({
      ok: false,
      status: 422,
      data: { error: "IDEMPOTENCY_KEY_REUSED", statusCode: 422 },
    });
  });

  it("never answers one caller from another caller's store", async () => {
    const anna = await newSession();
    const bo = await newSession();
    const key = randomUUID();
    const annas = await addItem(anna, key);
    expect(annas.status).toBe(200);
    // Bo sends the same key and the same body with his own token: his own call runs.
    const bos = await addItem(bo, key);
    expect(bos.status).toBe(200);
    expect(replayed(bos)).toBeNull();
    expect(bos.body.cart.id).not.toBe(annas.body.cart.id);
    expect(quantityIn(await cartOf(bo))).toBe(1);
    // Anna's own repeat is still hers.
    const again = await addItem(anna, key);
    expect(replayed(again)).toBe("true");
    expect(again.text).toBe(annas.text);
    expect(quantityIn(await cartOf(anna))).toBe(1);
  });

  it("stores no 5xx: a retry after a server failure runs again", async () => {
    const token = await newSession();
    const key = randomUUID();
    // The cart's table is briefly missing: adding fails inside the platform.
    await platform.db.execute(sql`ALTER TABLE cart_items RENAME TO cart_items_away`);
    let failed: ApiResponse;
    try {
      failed = await addItem(token, key);
    } finally {
      await platform.db.execute(sql`ALTER TABLE cart_items_away RENAME TO cart_items`);
    }
    expect(failed.status).toBe(500);

    const retry = await addItem(token, key);
    expect(retry.status).toBe(200);
    expect(replayed(retry)).toBeNull();
    expect(quantityIn(await cartOf(token))).toBe(1);
    // From now on that answer is the one for the key.
    const again = await addItem(token, key);
    expect(replayed(again)).toBe("true");
    expect(again.text).toBe(retry.text);
  });

  it("refuses a key that is not 1–255 printable ASCII characters with 400", async () => {
    const token = await newSession();
    for (const key of ["", "x".repeat(256)]) {
      const response = await addItem(token, key);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe("BAD_REQUEST");
      expect(response.body.errors?.join()).toContain("Idempotency-Key");
    }
    expect(quantityIn(await cartOf(token))).toBe(0);
    expect((await addItem(token, "x".repeat(255))).status).toBe(200);
  });

  it("ignores a key on login and token refresh: their answers are fresh credentials", async () => {
    const key = randomUUID();
    const login = () =>
      platform.request<{ access_token: string; refresh_token: string }>("POST", "/enad/login/", {
        body: { email: SEED_USERS.customer.email, password: SEED_PASSWORD },
        headers: { "idempotency-key": key, "x-forwarded-for": freshAddress() },
      });
    const first = await login();
    const second = await login();
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(replayed(second)).toBeNull();
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);

    const refresh = await platform.request<{ refresh_token: string }>(
      "POST",
      "/enad/refresh-token/",
      { body: { refresh_token: second.body.refresh_token }, headers: { "idempotency-key": key } },
    );
    expect(refresh.status).toBe(200);
    expect(replayed(refresh)).toBeNull();

    // The same key on a call that hands out nothing (logout) is kept as usual.
    const logout = await platform.request("POST", "/enad/logout/", {
      body: { refresh_token: refresh.body.refresh_token },
      headers: { "idempotency-key": key },
    });
    expect(logout.status).toBe(200);
    const stored = await platform.db
      .select({ path: idempotencyKeys.path })
      .from(idempotencyKeys)
      .where(
        sql`${idempotencyKeys.path} like '/enad/%' and ${idempotencyKeys.path} <> '/enad/signup'`,
      );
    expect(stored.map((row) => row.path)).toEqual(["/enad/logout"]);
  });

  it("stores nothing for an order lookup: the POST only reads", async () => {
    const login = await platform.request<{ access_token: string }>("POST", "/enad/login/", {
      body: { email: SEED_USERS.companyBuyer.email, password: SEED_PASSWORD },
      headers: { "x-forwarded-for": freshAddress() },
    });
    const key = randomUUID();
    for (let i = 0; i < 2; i++) {
      const lookup = await platform.request("POST", "/brink/get-orders-by-email/", {
        body: { email: SEED_USERS.companyBuyer.email },
        token: login.body.access_token,
        headers: { "idempotency-key": key },
      });
      expect(lookup.status).toBe(200);
      expect(replayed(lookup)).toBeNull();
    }
    const stored = await platform.db
      .select({ path: idempotencyKeys.path })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.path} like '/brink/%'`);
    expect(stored).toEqual([]);
  });

  it("keeps no readable token: the stored answer is encrypted", async () => {
    const payload = signupPayload();
    const first = await signUp(payload, randomUUID());
    const token = first.body.data.signup_token ?? "";
    expect(token).not.toBe("");
    const rows = await platform.db.select().from(idempotencyKeys);
    const stored = rows.map((row) => Buffer.from(row.responseBody ?? []).toString("latin1"));
    // Every keyed answer so far is stored…
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === "completed" && row.responseBody)).toBe(true);
    // …and none of them shows the token, the address, or even the JSON around them.
    expect(stored.some((body) => body.includes(token))).toBe(false);
    expect(stored.some((body) => body.includes('"signup_token"'))).toBe(false);
    expect(stored.some((body) => body.includes(payload.email))).toBe(false);
  });

  it("forgets a key after 24 hours, and the hourly job deletes it", async () => {
    const key = randomUUID();
    const first = await signUp(signupPayload(), key);
    expect(first.status).toBe(201);
    platform.clock.advance(24 * HOUR + 1000);
    try {
      // Past its lifetime the key is new again: another body is a new call, not a reuse.
      const later = signupPayload();
      const second = await signUp(later, key);
      expect(second.status).toBe(201);
      expect(replayed(second)).toBeNull();
      expect(await usersWithEmail(later.email)).toHaveLength(1);

      const countRows = async () => (await platform.db.select().from(idempotencyKeys)).length;
      expect(await countRows()).toBeGreaterThan(1);
      const worker = await startWorker({
        db: platform.db,
        clock: platform.clock.clock,
        pollMs: 0,
        handlers: platformJobHandlers(),
      });
      try {
        await enqueue(platform.db, "purge-idempotency-keys", {});
        expect(await worker.runDueJobs()).toBe(1);
      } finally {
        await worker.stop();
      }
      // Only the key used after the clock moved is left.
      expect(await countRows()).toBe(1);
    } finally {
      platform.clock.advance(-(24 * HOUR + 1000));
    }
  });
});
