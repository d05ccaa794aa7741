import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAccountClient } from "./account.js";
import { createCheckoutClient } from "./checkout.js";
import { createCompaniesClient } from "./companies.js";
import {
  DeadlineExceededError,
  isDeadlineExceededError,
  isUnexpectedError,
  UnexpectedError,
} from "./errors.js";
import { createManagementClient } from "./management.js";
import { createMediaClient } from "./media.js";
import { createNewsletterClient } from "./newsletter.js";
import { createOrdersClient } from "./orders.js";
import { createProductClient } from "./products.js";
import { createAdyenClient } from "./providers/adyen.js";
import { createAvardaClient } from "./providers/avarda.js";
import { createKlarnaClient } from "./providers/klarna.js";
import { createQliroOneClient } from "./providers/qliro.js";
import { createWalleyClient } from "./providers/walley.js";
import { createRequester, createUserRequester } from "./request.js";
import { createSearchClient } from "./search.js";
import { createShopperClient } from "./shopper.js";
import { recordingSleep, startTestServer, type TestServer } from "./test-server.js";
import { createWishlistClient } from "./wishlist.js";

/**
 * The deadline of a call (`timeout`): the whole call, its retries and its waits, against a server
 * that never answers (a frozen platform accepts the connection and says nothing) and one that keeps
 * failing. The deadlines are short; nothing here asserts how fast anything is, only what is thrown
 * and what was sent.
 */

/** A server that takes every request and never answers it, like a process stopped by SIGSTOP. */
interface FrozenServer {
  baseUrl: string;
  received: IncomingMessage[];
  close(): Promise<void>;
}

async function startFrozenServer(): Promise<FrozenServer> {
  const received: IncomingMessage[] = [];
  const server: Server = createServer((request) => {
    received.push(request);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let frozen: FrozenServer;
let failing: TestServer;

beforeEach(async () => {
  frozen = await startFrozenServer();
  failing = await startTestServer();
});

afterEach(async () => {
  await frozen.close();
  await failing.close();
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

describe("a call past its deadline", () => {
  it("is abandoned with a DeadlineExceededError naming the call and the deadline", async () => {
    // Long enough for the first fetch of the process to load and connect on a busy machine.
    const request = createRequester({ baseUrl: frozen.baseUrl, timeout: 1_500 });
    const error = await rejection(request("GET", "/products", { query: { page: 2 } }));
    expect(error).toBeInstanceOf(DeadlineExceededError);
    // What catches an unexpected failure (the storefront's 503 page, …) catches this too.
    expect(error).toBeInstanceOf(UnexpectedError);
    expect(isUnexpectedError(error)).toBe(true);
    expect(isDeadlineExceededError(error)).toBe(true);
    expect(error).toMatchObject({
      name: "DeadlineExceededError",
      status: 504,
      method: "GET",
      url: `${frozen.baseUrl}/products?page=2`,
      timeoutMs: 1_500,
    });
    // A GET may be sent again, but not past the deadline: one try, still unanswered.
    expect(frozen.received).toHaveLength(1);
  });

  it("covers the retries and the waits between them, not each try", async () => {
    failing.on("GET", "/busy", { status: 503, text: "busy" });
    // A policy that would retry for minutes: the deadline ends it.
    const request = createRequester({
      baseUrl: failing.baseUrl,
      retry: { limit: 1000, delayMs: 20 },
      timeout: 300,
    });
    const error = await rejection(request("GET", "/busy"));
    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect(failing.requests.length).toBeGreaterThanOrEqual(1);
    expect(failing.requests.length).toBeLessThan(1000);
  });

  it("does not wait for a retry the deadline would not let start, and keeps the last answer", async () => {
    failing.on("GET", "/busy", { status: 503, text: "busy" });
    const timer = recordingSleep();
    const request = createRequester({
      baseUrl: failing.baseUrl,
      retry: { delayMs: 5_000 },
      sleep: timer.sleep,
      timeout: 1_000,
    });
    const error = await rejection(request("GET", "/busy"));
    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect(error).toMatchObject({ body: "busy", timeoutMs: 1_000 });
    expect(timer.waits).toEqual([]);
    expect(failing.requests).toHaveLength(1);
  });

  it("stops a wait between tries when the deadline passes", async () => {
    failing.on("GET", "/busy", { status: 503, text: "busy" });
    let waitsStarted = 0;
    // A wait that never ends by itself: only the deadline can end it.
    const request = createRequester({
      baseUrl: failing.baseUrl,
      retry: { delayMs: 50 },
      sleep: () => {
        waitsStarted += 1;
        return new Promise<void>(() => {});
      },
      timeout: 200,
    });
    const error = await rejection(request("GET", "/busy"));
    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect(waitsStarted).toBe(1);
    expect(failing.requests).toHaveLength(1);
  });

  it("takes the call's own deadline over the requester's", async () => {
    const request = createRequester({ baseUrl: frozen.baseUrl, timeout: 60_000 });
    const error = await rejection(request("GET", "/slow", { timeout: 80 }));
    expect(error).toMatchObject({ name: "DeadlineExceededError", timeoutMs: 80 });
  });

  it("has none when neither sets one, or the call says Infinity", async () => {
    failing.on("GET", "/ok", { json: { ok: true } });
    const request = createRequester({ baseUrl: failing.baseUrl, timeout: 1_000 });
    await expect(request("GET", "/ok", { timeout: Number.POSITIVE_INFINITY })).resolves.toEqual({
      ok: true,
    });
    await expect(createRequester({ baseUrl: failing.baseUrl })("GET", "/ok")).resolves.toEqual({
      ok: true,
    });
  });

  it("refuses a deadline that is not a positive number, before sending anything", async () => {
    const request = createRequester({ baseUrl: failing.baseUrl });
    for (const timeout of [0, -5, Number.NaN]) {
      await expect(request("GET", "/ok", { timeout })).rejects.toBeInstanceOf(TypeError);
    }
    expect(failing.requests).toHaveLength(0);
  });
});

describe("the caller's signal beside the deadline", () => {
  it("still aborts the call with the caller's reason, not a deadline error", async () => {
    const request = createRequester({ baseUrl: frozen.baseUrl, timeout: 60_000 });
    const controller = new AbortController();
    const pending = rejection(request("GET", "/slow", { signal: controller.signal }));
    await until(() => frozen.received.length === 1);
    controller.abort();
    const error = await pending;
    expect(error).toMatchObject({ name: "AbortError" });
    expect(error).not.toBeInstanceOf(DeadlineExceededError);
  });

  it("does not retry a fetch that a signal on its way aborted (a server's, for a client that left)", async () => {
    failing.on("GET", "/ok", { json: { ok: true } });
    const left = new AbortController();
    left.abort();
    const timer = recordingSleep();
    const request = createRequester({
      baseUrl: failing.baseUrl,
      sleep: timer.sleep,
      timeout: 5_000,
      // What the storefront's platform fetch does: the shopper's abort joins every call.
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          signal: init?.signal ? AbortSignal.any([init.signal, left.signal]) : left.signal,
        }),
    });
    const error = await rejection(request("GET", "/ok"));
    expect(error).toMatchObject({ name: "AbortError" });
    expect(timer.waits).toEqual([]);
    expect(failing.requests).toHaveLength(0);
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error("condition not met");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("every client passes its timeout on", () => {
  const timeout = 100;
  const base = () => frozen.baseUrl;
  const provider = () => ({ baseUrl: base(), checkoutToken: "checkout-token", timeout });
  const user = () => ({ baseUrl: base(), accessToken: "access-token", timeout });
  const calls: Record<string, () => Promise<unknown>> = {
    products: () =>
      createProductClient({ baseUrl: base(), timeout }).bySlug({ slug: "mug" } as never),
    search: () =>
      createSearchClient({ baseUrl: base(), timeout }).search({ query: "mug" } as never),
    shopper: () => createShopperClient({ baseUrl: base(), token: "t", timeout }).getSession(),
    checkout: () =>
      createCheckoutClient({ baseUrl: base(), checkoutToken: "c", timeout }).getCheckout(),
    account: () => createAccountClient({ baseUrl: base(), accessToken: "a", timeout }).getUser(),
    orders: () => createOrdersClient(user()).getOrderById("order-1"),
    companies: () => createCompaniesClient(user()).getCompany("company-1"),
    media: () => createMediaClient(user()).listCompanyFiles(),
    wishlist: () => createWishlistClient(user()).get(),
    newsletter: () =>
      createNewsletterClient({ baseUrl: base(), timeout }).subscribe({
        email: "a@example.com",
        listId: "newsletter",
        lang: "sv",
      } as never),
    // C§8: a token that cannot be had is an OAuthError; its cause says why.
    management: () =>
      createManagementClient({
        baseUrl: base(),
        clientId: "back-office",
        clientSecret: "s3cret",
        timeout,
      })
        .getOrder("order-1")
        .catch((error: { cause?: unknown }) => Promise.reject(error.cause)),
    "user requester": () => createUserRequester(user())("GET", "/anything"),
    adyen: () => createAdyenClient(provider()).getSessionResult("s", "r"),
    avarda: () => createAvardaClient(provider()).getConfirmation(),
    klarna: () => createKlarnaClient(provider()).getOrder("o"),
    qliro: () => createQliroOneClient(provider()).getCheckout(),
    walley: () => createWalleyClient(provider()).getCheckout(),
  };

  for (const [client, call] of Object.entries(calls)) {
    it(client, async () => {
      const error = await rejection(call());
      expect(error).toMatchObject({ name: "DeadlineExceededError", timeoutMs: timeout });
    });
  }
});
