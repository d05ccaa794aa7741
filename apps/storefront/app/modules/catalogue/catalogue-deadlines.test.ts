import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { catalogue, resetCatalogueCache } from "~/modules/catalogue/catalogue.server";
import { fromBackend } from "~/modules/http/backend-errors.server";
import { productClient } from "~/modules/http/clients.server";
import { reloadConfig } from "~/modules/http/config.server";
import { runInRequestContext } from "~/modules/http/request-context.server";

/**
 * Deadlines and the shopper's abort on the catalogue's calls (ADR 0041), against a product API
 * that holds every request until the test lets it answer (or never does, like a platform stopped
 * with SIGSTOP). The deadlines are short; nothing asserts how fast anything is.
 */

interface HeldRequest {
  path: string;
  /** Whether the storefront gave up on it (its connection closed before the answer). */
  abandoned: boolean;
  answer(json: unknown): void;
}

let server: Server;
const held: HeldRequest[] = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    const entry: HeldRequest = {
      path: request.url ?? "",
      abandoned: false,
      answer: (json) => {
        if (response.writableEnded || response.destroyed) return;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(json));
      },
    };
    response.on("close", () => {
      if (!response.writableEnded) entry.abandoned = true;
    });
    held.push(entry);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.KASSA_PRODUCT_API_URL = url;
  process.env.KASSA_SHOPPER_API_URL = url;
  process.env.KASSA_CACHE_TAGS = "false";
  process.env.KASSA_CATALOGUE_CACHE_SECONDS = "60";
});

afterEach(() => {
  for (const request of held) request.answer({});
  held.length = 0;
  resetCatalogueCache();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const SEARCH_REPLY = {
  data: [],
  total: 0,
  total_pages: 0,
  page: 1,
  suggestion: null,
};

function searchFor(query: string) {
  return catalogue.search({
    storeGroupSlug: "default",
    market: "SE",
    language: "sv",
    query,
    page: 1,
    per_page: 12,
  });
}

/** The error a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

describe("a read past its deadline", () => {
  it("is abandoned and answered as the 504 the error page explains", async () => {
    process.env.KASSA_DEADLINE_READ_MS = "300";
    reloadConfig();
    const thrown = (await rejection(fromBackend(() => searchFor("never answered")))) as {
      init?: { status?: number };
      data?: { reason?: string };
    };
    expect(thrown.init?.status).toBe(504);
    expect(thrown.data?.reason).toBe("timed-out");
    // The platform saw the call, and the storefront hung up on it.
    await vi.waitUntil(() => held[0]?.abandoned === true, { timeout: 10_000 });
  });

  it("takes each kind's deadline from its setting", async () => {
    process.env.KASSA_DEADLINE_READ_MS = "250";
    reloadConfig();
    const error = await rejection(productClient().bySlug({ slug: "mug" } as never));
    expect(error).toMatchObject({ name: "DeadlineExceededError", timeoutMs: 250 });
  });
});

describe("the shopper's abort", () => {
  it("stops a call made for their request only", async () => {
    process.env.KASSA_DEADLINE_READ_MS = "60000";
    reloadConfig();
    const shopperLeft = new AbortController();
    const call = runInRequestContext({ requestId: "leaving", signal: shopperLeft.signal }, () =>
      rejection(productClient().bySlug({ slug: "mug" } as never)),
    );
    await vi.waitUntil(() => held.length === 1, { timeout: 10_000 });
    shopperLeft.abort();
    // Aborted, not retried and not a deadline: nobody is waiting for the answer.
    expect(await call).toMatchObject({ name: "AbortError" });
    await vi.waitUntil(() => held[0]?.abandoned === true, { timeout: 10_000 });
    expect(held).toHaveLength(1);
  });

  it("does not end a cache fill another shopper is waiting for", async () => {
    process.env.KASSA_DEADLINE_READ_MS = "60000";
    reloadConfig();
    const firstLeft = new AbortController();
    const first = runInRequestContext({ requestId: "first", signal: firstLeft.signal }, () =>
      searchFor("shared"),
    );
    await vi.waitUntil(() => held.length === 1, { timeout: 10_000 });
    // The second shopper asks for the same page meanwhile: the fill is shared.
    const second = runInRequestContext(
      { requestId: "second", signal: new AbortController().signal },
      () => searchFor("shared"),
    );
    firstLeft.abort();
    // Had the fill been the first shopper's, it would have been aborted with them and the
    // second would fail; it is still under way, and answers both.
    held[0]?.answer(SEARCH_REPLY);
    await expect(second).resolves.toMatchObject({ total: 0 });
    await expect(first).resolves.toMatchObject({ total: 0 });
    expect(held).toHaveLength(1);
  });
});
