import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "./errors.js";
import { startTestServer, type TestServer } from "./test-server.js";
import { WISHLIST_ERRORS } from "./wire/wishlist.js";
import { createWishlistClient } from "./wishlist.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

function client(accessToken = "access-1") {
  return createWishlistClient({ baseUrl: server.baseUrl, accessToken, sleep: async () => {} });
}

const lastSent = () => server.requests.at(-1)!;
const list = { entries: ["pp-1002:pv-1002-03", "pp-1001"], updatedAt: "2026-03-02T09:14:00.000Z" };

describe("createWishlistClient", () => {
  it("reads the user's list with the user's token", async () => {
    server.on("GET", "/api/wishlists/me", { json: { entries: [], updatedAt: null } });
    await expect(client().get()).resolves.toEqual({ entries: [], updatedAt: null });
    expect(lastSent().headers.authorization).toBe("Bearer access-1");
  });

  it("adds an entry, with an idempotency key", async () => {
    server.on("POST", "/api/wishlists/me/entries", { json: list });
    await expect(client().add("pp-1002:pv-1002-03")).resolves.toEqual(list);
    expect(JSON.parse(lastSent().body)).toEqual({ entry: "pp-1002:pv-1002-03" });
    expect(lastSent().headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("throws 409 'wishlist full'", async () => {
    server.on("POST", "/api/wishlists/me/entries", {
      status: 409,
      json: { error: "wishlist full", message: "full", statusCode: 409, errors: [] },
    });
    const error = await client()
      .add("pp-9")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, message: WISHLIST_ERRORS.full });
  });

  it("removes an entry named in the path, encoded", async () => {
    server.on("DELETE", "/api/wishlists/me/entries/pp-1002%3Apv-1002-03", {
      json: { ...list, entries: ["pp-1001"] },
    });
    await expect(client().remove("pp-1002:pv-1002-03")).resolves.toMatchObject({
      entries: ["pp-1001"],
    });
    expect(lastSent().method).toBe("DELETE");
  });

  it("merges a list, retrying an unexpected failure with the same key", async () => {
    server.on("POST", "/api/wishlists/me/merge", { status: 503, text: "busy" }, { json: list });
    await expect(client().merge(["pp-1001", "pp-1002:pv-1002-03"])).resolves.toEqual(list);
    expect(server.requests).toHaveLength(2);
    expect(JSON.parse(lastSent().body)).toEqual({ entries: ["pp-1001", "pp-1002:pv-1002-03"] });
    const [first, second] = server.requests;
    expect(second?.headers["idempotency-key"]).toBe(first?.headers["idempotency-key"]);
  });

  it("throws a 401 for a token that no longer works", async () => {
    server.on("GET", "/api/wishlists/me", {
      status: 401,
      json: { details: "Unauthorized", message: "Unauthorized", statusCode: 401 },
    });
    await expect(client("old").get()).rejects.toMatchObject({ status: 401 });
  });
});
