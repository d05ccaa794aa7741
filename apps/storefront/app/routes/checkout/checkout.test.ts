import { SEED_FIXTURES } from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { readSavedGiftCards, savedGiftCardsCookie } from "~/modules/cart/gift-card-cookie.server";
import { runInRequestContext } from "~/modules/http/request-context.server";
import { addFromProductPage, Browser, settle } from "~/test-support/browser";
import { payInHostedPage } from "~/test-support/hosted-payment";
import { withPlatform } from "~/test-support/platform";

/**
 * /checkout and /checkout/confirmation against a real platform (Klarna configured everywhere):
 * the checkout is started once and reused, a sold-out line is removed with a message, and the
 * confirmation shows the placed order only after reading the provider's status, also on a reload.
 */
const platform = withPlatform({ paymentProviders: "*:*=KlarnaCheckout" });

interface ReadyState {
  kind: "ready";
  checkout: { id: string; items: { productVariantId: string }[] };
  embed: { html: string; hostedUrl: string; reference: string };
}

async function openCheckout(browser: Browser) {
  const route = await import("./route");
  const answer = (await settle(() =>
    route.loader({ request: browser.request("/checkout"), params: {}, context: {} }),
  )) as Response | { data: { state: ReadyState | { kind: "problem" } }; init: ResponseInit };
  return answer;
}

/** Remix's `data()` answers a DataWithResponseInit; its headers carry the cookies. */
function keepDataCookies(browser: Browser, answer: { init?: ResponseInit | null }) {
  browser.keep(new Response(null, { headers: answer.init?.headers ?? {} }));
}

describe("/checkout", () => {
  it("sends an empty cart back to the cart", async () => {
    const answer = (await openCheckout(new Browser())) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/cart");
  });

  it("starts the checkout once, embeds the provider, and reuses it on the next visit", async () => {
    const browser = new Browser();
    await addFromProductPage(browser, SEED_FIXTURES.simple.slug, SEED_FIXTURES.simple.variantId, 2);
    const first = (await openCheckout(browser)) as {
      data: { state: ReadyState };
      init: ResponseInit;
    };
    expect(first.data.state.kind).toBe("ready");
    expect(first.data.state.embed.html).toContain("/sandbox/klarna/loader.js");
    expect(first.data.state.embed.hostedUrl).toMatch(/\/sandbox\/klarna\/pay\//);
    keepDataCookies(browser, first);
    expect(browser.cookieHeader()).toContain("checkoutToken=");

    const second = (await openCheckout(browser)) as { data: { state: ReadyState } };
    expect(second.data.state.checkout.id).toBe(first.data.state.checkout.id);
    expect(second.data.state.embed.reference).toBe(first.data.state.embed.reference);
  });

  it("removes a line sold out meanwhile and names it on the cart", async () => {
    const browser = new Browser();
    await addFromProductPage(browser, "ljuslykta-torne", "pv-1042-01", 1);
    await addFromProductPage(browser, SEED_FIXTURES.simple.slug, SEED_FIXTURES.simple.variantId, 1);
    const setStock = (stockQuantity: number) =>
      fetch(`${platform().url}/dev/stocks/pv-1042-01/SE`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ stockQuantity }),
      });
    await setStock(0);
    try {
      const answer = (await openCheckout(browser)) as Response;
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/cart");
      browser.keep(answer);
      const cart = await import("../cart");
      const page = (
        await cart.loader({
          request: browser.request("/cart"),
          params: {},
          context: {},
        })
      ).data as unknown as { cart: { items: { productVariantId: string }[] } };
      expect(page.cart.items.map((item) => item.productVariantId)).toEqual([
        SEED_FIXTURES.simple.variantId,
      ]);
    } finally {
      await setStock(40);
    }
  });
});

describe("/checkout/confirmation", () => {
  it("shows the placed order after the provider confirms it, and again on a reload", async () => {
    const browser = new Browser();
    await addFromProductPage(browser, SEED_FIXTURES.simple.slug, SEED_FIXTURES.simple.variantId, 1);
    const opened = (await openCheckout(browser)) as {
      data: { state: ReadyState };
      init: ResponseInit;
    };
    keepDataCookies(browser, opened);

    const back = new URL(
      await payInHostedPage(opened.data.state.embed.hostedUrl),
      "http://storefront.test",
    );
    expect(back.pathname).toBe("/checkout/confirmation");

    const confirmation = await import("../checkout_.confirmation/route");
    const show = async () =>
      (await confirmation.loader({
        request: browser.request(`${back.pathname}${back.search}`),
        params: {},
        context: {},
      })) as unknown as {
        data: { confirmation: { kind: string; order?: { reference: string; email: string } } };
        init: ResponseInit;
      };
    const first = await show();
    expect(first.data.confirmation.kind).toBe("order");
    expect(first.data.confirmation.order?.email).toBe("anna@example.se");
    keepDataCookies(browser, first);
    // The checkout token is cleared; a reload still shows the same order (nothing placed again).
    expect(browser.cookieHeader()).not.toMatch(/(^|; )checkoutToken=/);
    const again = await show();
    expect(again.data.confirmation.order?.reference).toBe(first.data.confirmation.order?.reference);
  });

  it("names the request as the order error card's reference when the platform refuses the order", async () => {
    const browser = new Browser();
    await addFromProductPage(browser, SEED_FIXTURES.simple.slug, SEED_FIXTURES.simple.variantId, 1);
    const opened = (await openCheckout(browser)) as {
      data: { state: ReadyState };
      init: ResponseInit;
    };
    keepDataCookies(browser, opened);
    // No family name: the platform places no order and says which field to fix (C§8).
    const paid = await fetch(opened.data.state.embed.hostedUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        givenName: "Anna",
        familyName: "",
        email: "anna@example.se",
        telephoneNumber: "+46701234567",
        streetAddress: "Storgatan 1",
        postalCode: "11122",
        city: "Stockholm",
        country: "SE",
        outcome: "approve",
      }),
      redirect: "manual",
    });
    const back = new URL(paid.headers.get("location") ?? "");
    expect(back.searchParams.get("order_id")).toBeTruthy();

    const confirmation = await import("../checkout_.confirmation/route");
    const answer = (await runInRequestContext({ requestId: "shopper-req-4711" }, () =>
      confirmation.loader({
        request: browser.request(`${back.pathname}${back.search}`),
        params: {},
        context: {},
      }),
    )) as unknown as {
      data: { confirmation: { kind: string; errors?: string[]; reference?: string } };
    };
    expect(answer.data.confirmation.kind).toBe("refused");
    expect(answer.data.confirmation.errors?.length).toBeGreaterThan(0);
    // The request's id (which the platform was sent), not Klarna's order id from the URL.
    expect(answer.data.confirmation.reference).toBe("shopper-req-4711");
  });

  it("refuses a sixth gift card before drawing on it, and keeps the five (C§4)", async () => {
    const browser = new Browser();
    await addFromProductPage(browser, SEED_FIXTURES.simple.slug, SEED_FIXTURES.simple.variantId, 1);
    const opened = (await openCheckout(browser)) as {
      data: { state: ReadyState };
      init: ResponseInit;
    };
    expect(opened.data.state.kind).toBe("ready");
    keepDataCookies(browser, opened);
    // Five saved already (saved on the cart of another visit, say).
    const five = [1, 2, 3, 4, 5].map((n) => ({ code: `600000000000${n}000`, pin: "1234" }));
    browser.keep(
      new Response(null, { headers: { "Set-Cookie": await savedGiftCardsCookie(five) } }),
    );

    const route = await import("./route");
    const sixth = (await settle(() =>
      route.action({
        request: browser.form("/checkout", {
          intent: "save-gift-card",
          giftCardCode: "6000000000008000",
          giftCardPin: "1234",
        }),
        params: {},
        context: {},
      }),
    )) as Response;
    expect(sixth.status).toBe(303);
    browser.keep(sixth);
    const root = await import("../../root");
    const layout = (await root.loader({
      request: browser.request("/checkout"),
      params: {},
      context: {},
    })) as unknown as { data: { toast: { description?: string } | null } };
    expect(layout.data.toast?.description).toBe("Du kan spara högst 5 presentkort.");
    const kept = await readSavedGiftCards(browser.request("/checkout"));
    expect(kept).toEqual(five);
  });

  it("says it cannot find a purchase without a checkout token", async () => {
    const confirmation = await import("../checkout_.confirmation/route");
    const answer = (await confirmation.loader({
      request: new Browser().request("/checkout/confirmation?provider=klarna&order_id=kco_x"),
      params: {},
      context: {},
    })) as unknown as { data: { confirmation: { kind: string } } };
    expect(answer.data.confirmation.kind).toBe("not-found");
  });
});
