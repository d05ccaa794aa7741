import type { AccountFailure, PlatformErrorBody, Wishlist } from "@kassa/api-client";
import { WISHLIST_MAX_ENTRIES } from "@kassa/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, wishlists } from "../src/db/schema.js";
import { SEED_USERS } from "../src/seed/fixtures.js";
import { logIn, verifiedUser } from "./support/accounts.js";
import { MINUTE } from "./support/test-clock.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

type Answer = Wishlist & PlatformErrorBody & AccountFailure;

/** A fresh, verified, logged-in customer: an access token and the user's id. */
async function newUser() {
  const { user, login } = await verifiedUser(platform);
  return { token: login.access_token, userId: user.id };
}

const get = (token?: string) => platform.request<Answer>("GET", "/api/wishlists/me", { token });
const add = (token: string | undefined, entry: unknown) =>
  platform.request<Answer>("POST", "/api/wishlists/me/entries", { token, body: { entry } });
const remove = (token: string | undefined, entry: string) =>
  platform.request<Answer>("DELETE", `/api/wishlists/me/entries/${encodeURIComponent(entry)}`, {
    token,
  });
const merge = (token: string | undefined, entries: unknown) =>
  platform.request<Answer>("POST", "/api/wishlists/me/merge", { token, body: { entries } });

/** `count` distinct product ids: `pp-t0`, `pp-t1`, … */
const products = (count: number, prefix = "pp-t") =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`);

describe("GET /api/wishlists/me", () => {
  it("answers an empty list, never kept, without the /api envelope", async () => {
    const { token } = await newUser();
    const { status, body, headers } = await get(token);
    expect(status).toBe(200);
    expect(body).toEqual({ entries: [], updatedAt: null });
    expect(headers.get("cache-control")).toBe("no-store");
  });

  it("answers 401 without a token or with a bad one, on every call", async () => {
    for (const token of [undefined, "not-a-token"]) {
      const answer = await get(token);
      expect(answer.status).toBe(401);
      expect(answer.body.details).toBe("Unauthorized");
    }
    expect((await add(undefined, "pp-1001")).status).toBe(401);
    expect((await remove(undefined, "pp-1001")).status).toBe(401);
    expect((await merge(undefined, ["pp-1001"])).status).toBe(401);
  });
});

describe("POST /api/wishlists/me/entries", () => {
  it("adds an entry as the newest and answers the list with when it changed", async () => {
    const { token } = await newUser();
    const first = await add(token, "pp-1001");
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      entries: ["pp-1001"],
      updatedAt: platform.clock.now().toISOString(),
    });
    platform.clock.advance(MINUTE);
    const second = await add(token, "pp-1002:pv-1002-03");
    expect(second.body.entries).toEqual(["pp-1002:pv-1002-03", "pp-1001"]);
    expect(second.body.updatedAt).toBe(platform.clock.now().toISOString());
    expect((await get(token)).body).toEqual(second.body);
  });

  it("is idempotent: a product already on the list, in any colour, changes nothing", async () => {
    const { token } = await newUser();
    const added = await add(token, "pp-1003:pv-1003-01");
    platform.clock.advance(MINUTE);
    const again = await add(token, "pp-1003:pv-1003-01");
    expect(again.status).toBe(200);
    expect(again.body).toEqual(added.body);
    const otherColour = await add(token, "pp-1003:pv-1003-02");
    expect(otherColour.body).toEqual(added.body);
    const plain = await add(token, "pp-1003");
    expect(plain.body.entries).toEqual(["pp-1003:pv-1003-01"]);
  });

  it(`answers 409 'wishlist full' for a new product on a list of ${WISHLIST_MAX_ENTRIES}`, async () => {
    const { token } = await newUser();
    const full = products(WISHLIST_MAX_ENTRIES);
    expect((await merge(token, full)).body.entries).toHaveLength(WISHLIST_MAX_ENTRIES);
    const refused = await add(token, "pp-one-too-many");
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "wishlist full", statusCode: 409 });
    expect(typeof refused.body.requestId).toBe("string");
    // A product that is there already is still no error.
    expect((await add(token, full[3])).status).toBe(200);
    expect((await get(token)).body.entries).toEqual(full);
  });

  it("refuses an entry that is not one (400, the platform error body)", async () => {
    const { token } = await newUser();
    for (const entry of ["", "pp 1001", "pp-1001:", ":pv-1", "a:b:c", "x".repeat(65), 42, null]) {
      const answer = await add(token, entry);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: "BAD_REQUEST", statusCode: 400 });
      expect(answer.body.errors?.[0]).toMatch(/^entry: /);
    }
    expect((await get(token)).body).toEqual({ entries: [], updatedAt: null });
  });
});

describe("DELETE /api/wishlists/me/entries/{entry}", () => {
  it("removes that entry and is idempotent", async () => {
    const { token } = await newUser();
    await add(token, "pp-1001");
    await add(token, "pp-1002:pv-1002-01");
    platform.clock.advance(MINUTE);

    const removed = await remove(token, "pp-1002:pv-1002-01");
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      entries: ["pp-1001"],
      updatedAt: platform.clock.now().toISOString(),
    });

    platform.clock.advance(MINUTE);
    const again = await remove(token, "pp-1002:pv-1002-01");
    expect(again.status).toBe(200);
    expect(again.body).toEqual(removed.body);
  });

  it("removes the exact entry only, and answers an empty list for a list never kept", async () => {
    const { token } = await newUser();
    await add(token, "pp-1005:pv-1005-02");
    expect((await remove(token, "pp-1005")).body.entries).toEqual(["pp-1005:pv-1005-02"]);

    const { token: other } = await newUser();
    expect((await remove(other, "pp-1005")).body).toEqual({ entries: [], updatedAt: null });
  });

  it("refuses an entry that is not one (400)", async () => {
    const { token } = await newUser();
    const answer = await remove(token, "not an entry");
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: "BAD_REQUEST" });
    expect(answer.body.errors?.[0]).toMatch(/^entry: /);
  });
});

describe("POST /api/wishlists/me/merge", () => {
  it("keeps the list's order and adds new products after it, in the order given", async () => {
    const { token } = await newUser();
    await add(token, "pp-a");
    await add(token, "pp-b");
    const merged = await merge(token, ["pp-c", "pp-a:pv-a-2", "pp-d:pv-d-1", "pp-c", "pp-b"]);
    expect(merged.status).toBe(200);
    expect(merged.body.entries).toEqual(["pp-b", "pp-a", "pp-c", "pp-d:pv-d-1"]);
  });

  it(`keeps the first ${WISHLIST_MAX_ENTRIES}`, async () => {
    const { token } = await newUser();
    await add(token, "pp-kept");
    const incoming = products(60, "pp-m");
    const merged = await merge(token, incoming);
    expect(merged.body.entries).toEqual([
      "pp-kept",
      ...incoming.slice(0, WISHLIST_MAX_ENTRIES - 1),
    ]);
  });

  it("changes nothing (nor updatedAt) when every product is there, and makes no list of nothing", async () => {
    const { token } = await newUser();
    expect((await merge(token, [])).body).toEqual({ entries: [], updatedAt: null });
    const kept = await merge(token, ["pp-x", "pp-y"]);
    platform.clock.advance(MINUTE);
    expect((await merge(token, ["pp-y", "pp-x:pv-1"])).body).toEqual(kept.body);
  });

  it("refuses the whole merge when one entry is not one, or more than 100 come (400)", async () => {
    const { token } = await newUser();
    const bad = await merge(token, ["pp-1", "no good"]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      "entries.1: must be a product id, optionally followed by : and a variant id",
    ]);
    expect((await merge(token, products(101))).status).toBe(400);
    expect((await merge(token, "pp-1")).status).toBe(400);
    expect((await get(token)).body.entries).toEqual([]);
  });
});

describe("whose list", () => {
  it("each user sees and changes only their own list", async () => {
    const anna = await newUser();
    const bo = await newUser();
    await add(anna.token, "pp-anna");
    await merge(bo.token, ["pp-bo1", "pp-bo2"]);

    expect((await get(anna.token)).body.entries).toEqual(["pp-anna"]);
    expect((await get(bo.token)).body.entries).toEqual(["pp-bo1", "pp-bo2"]);
    await remove(bo.token, "pp-anna");
    expect((await get(anna.token)).body.entries).toEqual(["pp-anna"]);
  });

  it("follows the user to another login (another device)", async () => {
    const { email, password } = SEED_USERS.customer;
    const phone = await logIn(platform, email, password);
    const laptop = await logIn(platform, email, password);
    await add(phone.body.access_token, "pp-1001:pv-1001-02");
    expect((await get(laptop.body.access_token)).body.entries).toEqual(["pp-1001:pv-1001-02"]);
  });

  it("goes with the account: an account deletion and a removed user row both delete it", async () => {
    const deleted = await newUser();
    await add(deleted.token, "pp-1001");
    const answer = await platform.request("POST", "/enad/delete/", { token: deleted.token });
    expect(answer.status).toBe(200);
    const afterDeletion = await platform.db
      .select()
      .from(wishlists)
      .where(eq(wishlists.userId, deleted.userId));
    expect(afterDeletion).toEqual([]);

    const removed = await newUser();
    await add(removed.token, "pp-1002");
    await platform.db.delete(users).where(eq(users.id, removed.userId));
    const afterRemoval = await platform.db
      .select()
      .from(wishlists)
      .where(eq(wishlists.userId, removed.userId));
    expect(afterRemoval).toEqual([]);
  });
});
