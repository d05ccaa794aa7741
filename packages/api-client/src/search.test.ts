import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError, UnexpectedError } from "./errors.js";
import { createSearchClient, emptySearchReply, isRefusedSearch } from "./search.js";
import { startTestServer, type TestServer } from "./test-server.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

const base = { storeGroupSlug: "default", market: "SE", language: "sv" };
const product = { id: "pp-1001", slug: "ulltroja-fjall", name: "Ulltröja Fjäll" };

function client() {
  return createSearchClient({ baseUrl: server.baseUrl, sleep: async () => {} });
}

describe("createSearchClient: search", () => {
  it("POSTs the query to /enad/search-products/ and answers the page", async () => {
    const reply = {
      data: [product],
      total: 1,
      total_pages: 1,
      page: 2,
      query: "ulltröja",
      suggestion: null,
    };
    server.on("POST", "/enad/search-products/", { json: reply });
    const query = { ...base, query: "ulltröja", page: 2, per_page: 12 };

    await expect(client().search(query)).resolves.toEqual(reply);

    expect(server.requests[0]).toMatchObject({ method: "POST", url: "/enad/search-products/" });
    expect(JSON.parse(server.requests[0]!.body)).toEqual(query);
  });

  it("throws a refused query as a 400 HttpError, without retrying it", async () => {
    server.on("POST", "/enad/search-products/", {
      status: 400,
      json: { error: "BAD_REQUEST", message: "Invalid search", errors: ["query: too long"] },
    });
    const error = await client()
      .search({ ...base, query: "x".repeat(200) })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect(isRefusedSearch(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("retries an unexpected failure (a search only reads), then throws it", async () => {
    server.on("POST", "/enad/search-products/", { status: 503, text: "busy" });
    const error = await client()
      .search({ ...base, query: "pläd" })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(UnexpectedError);
    expect(isRefusedSearch(error)).toBe(false);
    expect(server.requests).toHaveLength(4);
  });
});

describe("createSearchClient: suggest", () => {
  it("POSTs the query and limit to /enad/search-suggestions/", async () => {
    const reply = {
      query: "ullt",
      products: [product],
      categories: [{ id: "cat-trojor", uri: "klader/trojor", name: "Tröjor" }],
      total: 3,
      suggestion: null,
    };
    server.on("POST", "/enad/search-suggestions/", { json: reply });

    await expect(client().suggest({ ...base, query: "ullt", limit: 5 })).resolves.toEqual(reply);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ ...base, query: "ullt", limit: 5 });
  });

  it("passes an abort signal through, so a stale type-ahead call can be cancelled", async () => {
    server.on("POST", "/enad/search-suggestions/", { json: {} });
    const controller = new AbortController();
    controller.abort();
    await expect(
      client().suggest({ ...base, query: "ul" }, { signal: controller.signal }),
    ).rejects.toThrow();
  });
});

describe("emptySearchReply", () => {
  it("is a page with nothing on it", () => {
    expect(emptySearchReply("kaffe", 2)).toEqual({
      data: [],
      total: 0,
      total_pages: 0,
      page: 2,
      query: "kaffe",
      suggestion: null,
    });
  });
});
