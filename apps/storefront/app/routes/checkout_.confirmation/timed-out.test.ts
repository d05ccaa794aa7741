import { createManagementClient } from "@kassa/api-client";
import { DEVELOPMENT_OAUTH_CLIENT, SEED_FIXTURES } from "@kassa/platform/testing";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { reloadConfig } from "~/modules/http/config.server";
import { addFromProductPage, Browser, settle } from "~/test-support/browser";
import { payInHostedPage } from "~/test-support/hosted-payment";
import { withPlatform } from "~/test-support/platform";

/**
 * A checkout call past its deadline never makes a second order (ADR 0041). The platform does the
 * work and answers, but its answer reaches the storefront after the payment deadline (the test
 * holds it back until the call gives up), as when the platform is slow under load. The shopper
 * then tries again, as the page tells them to, and pays; the platform has one order.
 */
const platform = withPlatform({ paymentProviders: "*:*=KlarnaCheckout" });

/** Short enough to wait out, long enough for every other call on a busy machine. */
const PAYMENT_DEADLINE_MS = 3_000;

const realFetch = globalThis.fetch;
/** The platform call whose answer is held back once: method and the path's ending. */
let holdOnce: { method: string; path: RegExp } | undefined;
let held = 0;

beforeAll(() => {
  process.env.KASSA_DEADLINE_PAYMENT_MS = String(PAYMENT_DEADLINE_MS);
  process.env.KASSA_CACHE_TAGS = "false";
});

beforeEach(() => {
  reloadConfig();
  held = 0;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const response = await realFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? "GET";
    const signal = init?.signal;
    if (signal && holdOnce && method === holdOnce.method && holdOnce.path.test(url.pathname)) {
      holdOnce = undefined;
      held += 1;
      // The platform has done the work; its answer arrives after the caller gave up.
      await new Promise<never>((_, reject) => {
        const giveUp = () => {
          // Its body was aborted with the call (the same signal): nothing is left to read.
          response.body?.cancel().catch(() => {});
          reject(signal.reason);
        };
        if (signal.aborted) giveUp();
        signal.addEventListener("abort", giveUp, { once: true });
      });
    }
    return response;
  });
});

afterEach(() => {
  holdOnce = undefined;
  vi.restoreAllMocks();
});

interface ReadyState {
  kind: "ready";
  embed: { hostedUrl: string };
}

async function openCheckout(browser: Browser) {
  const route = await import("../checkout/route");
  const answer = (await settle(() =>
    route.loader({ request: browser.request("/checkout"), params: {}, context: {} }),
  )) as { data: { state: ReadyState | { kind: "problem"; problem: string } }; init: ResponseInit };
  browser.keep(new Response(null, { headers: answer.init?.headers ?? {} }));
  return answer.data.state;
}

/** Pays in the provider's hosted page, as the shopper does; answers the confirmation path. */
function pay(state: ReadyState, email: string): Promise<string> {
  return payInHostedPage(state.embed.hostedUrl, { email }, realFetch);
}

type Confirmation = { kind: string; order?: { reference: string } };

/** The confirmation page's loader: its data, or what it threw (the error page's data). */
async function confirm(browser: Browser, path: string) {
  const route = await import("./route");
  try {
    const answer = (await route.loader({
      request: browser.request(path),
      params: {},
      context: {},
    })) as unknown as { data: { confirmation: Confirmation }; init: ResponseInit };
    browser.keep(new Response(null, { headers: answer.init?.headers ?? {} }));
    return { confirmation: answer.data.confirmation };
  } catch (thrown) {
    return { thrown: thrown as { init?: { status?: number }; data?: { reason?: string } } };
  }
}

async function ordersOf(email: string) {
  const management = createManagementClient({
    baseUrl: platform().url,
    clientId: DEVELOPMENT_OAUTH_CLIENT.id,
    clientSecret: DEVELOPMENT_OAUTH_CLIENT.secret,
    fetch: realFetch,
  });
  return (await management.listOrders({ email })).orders;
}

describe("a checkout call past its deadline, tried again by the shopper", () => {
  it("opening the payment: the retry opens it again, and one order is placed", async () => {
    const email = "deadline-open@example.se";
    const browser = new Browser();
    await addFromProductPage(browser, SEED_FIXTURES.simple.slug, SEED_FIXTURES.simple.variantId, 1);

    holdOnce = { method: "POST", path: /\/shopper-kco\/orders$/ };
    const timedOut = await openCheckout(browser);
    expect(held).toBe(1);
    // C§8: 'An unexpected error occurred during checkout.' with a Reload action.
    expect(timedOut).toMatchObject({ kind: "problem", problem: "unexpected" });

    const opened = await openCheckout(browser);
    expect(opened.kind).toBe("ready");
    const back = await pay(opened as ReadyState, email);
    const shown = await confirm(browser, back);
    expect(shown.confirmation?.kind).toBe("order");

    const orders = await ordersOf(email);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.reference).toBe(shown.confirmation?.order?.reference);
    // The first import of the checkout's modules, and a deadline waited out, on a busy machine.
  }, 90_000);

  it("confirming the payment: the error page, then the one order on the retry", async () => {
    const email = "deadline-confirm@example.se";
    const browser = new Browser();
    await addFromProductPage(browser, SEED_FIXTURES.simple.slug, SEED_FIXTURES.simple.variantId, 1);
    const opened = await openCheckout(browser);
    expect(opened.kind).toBe("ready");
    const back = await pay(opened as ReadyState, email);

    holdOnce = { method: "GET", path: /\/shopper-kco\/orders\/[^/]+$/ };
    const timedOut = await confirm(browser, back);
    expect(held).toBe(1);
    // The translated 'not answering' page; no cookie changed, so the checkout token is kept.
    expect(timedOut.thrown?.init?.status).toBe(504);
    expect(timedOut.thrown?.data?.reason).toBe("timed-out");
    expect(browser.cookieHeader()).toMatch(/(^|; )checkoutToken=/);

    const retried = await confirm(browser, back);
    expect(retried.confirmation?.kind).toBe("order");
    const orders = await ordersOf(email);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.reference).toBe(retried.confirmation?.order?.reference);
  }, 90_000);
});
