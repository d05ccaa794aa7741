import { SEED_FIXTURES } from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { readSavedGiftCards } from "~/modules/cart/gift-card-cookie.server";
import type { VoucherReply } from "~/modules/cart/voucher-reply";
import { addFromProductPage, Browser, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * The cart's voucher panel against a real platform (C§2, C§4, C§5, C§8): discount codes go to the
 * platform and replace the cart; gift cards are checked and kept in the `giftCards` cookie.
 */
withPlatform();

type PageAnswer = { data: VoucherReply; init: { status: number } };

async function post(browser: Browser, fields: Record<string, string>, path = "/cart") {
  const cart = await import("./cart");
  return settle(() =>
    cart.action({ request: browser.form(path, fields), params: {}, context: {} }),
  );
}

/** A post that must redirect: the browser keeps its cookies. */
async function postAndFollow(browser: Browser, fields: Record<string, string>) {
  const answer = (await post(browser, fields)) as Response;
  expect(answer).toBeInstanceOf(Response);
  expect(answer.status).toBe(303);
  expect(answer.headers.get("Location")).toBe("/cart");
  browser.keep(answer);
  return answer;
}

async function cartPage(browser: Browser) {
  const cart = await import("./cart");
  return (await cart.loader({ request: browser.request("/cart"), params: {}, context: {} })).data;
}

/** The toast the next page shows; like a browser, it is then gone. */
async function toastOf(browser: Browser) {
  const root = await import("../root");
  const layout = (await root.loader({
    request: browser.request("/"),
    params: {},
    context: {},
  })) as unknown as {
    data: { toast: { title: string; description?: string } | null };
    init: { headers: Headers };
  };
  browser.keep(new Response(null, { headers: layout.init.headers }));
  return layout.data.toast;
}

async function shopperWithCart(quantity = 1) {
  const browser = new Browser();
  const { slug, variantId } = SEED_FIXTURES.simple;
  await addFromProductPage(browser, slug, variantId, quantity);
  await toastOf(browser);
  return browser;
}

const setCookies = (answer: Response) => answer.headers.getSetCookie().join("\n");

describe("discount codes", () => {
  it("applies a good code: the cart's totals change, the checkout token is cleared", async () => {
    const browser = await shopperWithCart(2);
    const before = (await cartPage(browser)).cart;

    const answer = await postAndFollow(browser, {
      intent: "apply-discount",
      discountCode: " valkommen10 ",
    });
    expect(setCookies(answer)).toMatch(/checkoutToken=;.*Max-Age=0/i);

    const after = (await cartPage(browser)).cart;
    expect(after?.discountCodes).toEqual([{ code: "VALKOMMEN10" }]);
    expect(after?.totals.discountTotal).toBe(Math.round((before?.totals.subTotal ?? 0) / 10));
    expect(after?.totals.grandTotal).toBeLessThan(before?.totals.grandTotal ?? 0);
    expect((await toastOf(browser))?.title).toBe("Rabattkoden VALKOMMEN10 är tillagd.");
  });

  it.each([
    ["FINNSINTE", 404, "Rabattkoden finns inte", /FINNSINTE/],
    ["vinter2024", 400, "Rabattkoden har gått ut", /Koden vinter2024 gäller inte längre\./],
    ["PAUSAD", 400, "Rabattkoden är inte aktiv", /PAUSAD/],
    ["KLUBB15", 422, "Rabattkoden måste godkännas", /kundklubben/],
    ["SOMMAR100", 422, "Villkoren för rabattkoden är inte uppfyllda", /SOMMAR100/],
  ])("answers %s inline with its translated title and text", async (code, status, title, body) => {
    const browser = await shopperWithCart();
    const answer = (await post(browser, {
      intent: "apply-discount",
      discountCode: code,
    })) as unknown as PageAnswer;
    expect(answer.init.status).toBe(status);
    expect(answer.data.intent).toBe("apply-discount");
    expect(answer.data.alert?.title).toBe(title);
    expect(answer.data.alert?.body).toMatch(body);
    expect((await cartPage(browser)).cart?.discountCodes).toEqual([]);
  });

  it("says a code is already on the cart", async () => {
    const browser = await shopperWithCart();
    await postAndFollow(browser, { intent: "apply-discount", discountCode: "VALKOMMEN10" });
    const again = (await post(browser, {
      intent: "apply-discount",
      discountCode: "Valkommen10",
    })) as unknown as PageAnswer;
    expect(again.init.status).toBe(409);
    expect(again.data.alert).toEqual({
      title: "Rabattkoden används redan",
      body: "Koden Valkommen10 finns redan i din varukorg.",
    });
  });

  it("answers in the shopper's language", async () => {
    const browser = await shopperWithCart();
    const answer = (await post(
      browser,
      { intent: "apply-discount", discountCode: "VINTER2024" },
      "/cart?lng=fi",
    )) as unknown as PageAnswer;
    expect(answer.data.alert).toEqual({
      title: "Alennuskoodi on vanhentunut",
      body: "Koodi VINTER2024 ei ole enää voimassa.",
    });
  });

  it("says to wait, in the promo-code box, once too many codes were tried (issue 28)", async () => {
    const browser = await shopperWithCart();
    const statuses: number[] = [];
    for (let guess = 0; guess < 10; guess++) {
      const answer = (await post(browser, {
        intent: "apply-discount",
        discountCode: `GISSNING${guess}`,
      })) as unknown as PageAnswer;
      statuses.push(answer.init.status);
    }
    expect(statuses).toEqual(Array(10).fill(404));
    const refused = (await post(browser, {
      intent: "apply-discount",
      discountCode: "GISSNING10",
    })) as unknown as PageAnswer;
    expect(refused.init.status).toBe(429);
    expect(refused.data.intent).toBe("apply-discount");
    expect(refused.data.alert).toEqual({
      title: "För många försök",
      body: "Du har provat för många rabattkoder. Vänta 15 minuter och försök igen.",
    });
    const inFinnish = (await post(
      browser,
      { intent: "apply-discount", discountCode: "ARVAUS" },
      "/cart?lng=fi",
    )) as unknown as PageAnswer;
    expect(inFinnish.data.alert?.title).toBe("Liian monta yritystä");
  });

  it("refuses a code longer than the platform takes before asking it", async () => {
    const browser = await shopperWithCart();
    const answer = (await post(browser, {
      intent: "apply-discount",
      discountCode: "X".repeat(65),
    })) as unknown as PageAnswer;
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error).toEqual({
      discountCode: ["voucher.discountErrors.BAD_REQUEST"],
    });
  });

  it("does nothing with an empty code (C§5)", async () => {
    const browser = await shopperWithCart();
    const before = (await cartPage(browser)).cart;
    const answer = await postAndFollow(browser, { intent: "apply-discount", discountCode: "   " });
    expect(setCookies(answer)).toBe("");
    expect((await cartPage(browser)).cart?.revision).toBe(before?.revision);
    expect(await toastOf(browser)).toBeNull();
  });

  it("removes a code and clears the checkout token", async () => {
    const browser = await shopperWithCart();
    const before = (await cartPage(browser)).cart;
    await postAndFollow(browser, { intent: "apply-discount", discountCode: "VALKOMMEN10" });
    await toastOf(browser);

    const answer = await postAndFollow(browser, { intent: "remove-discount", code: "VALKOMMEN10" });
    expect(setCookies(answer)).toMatch(/checkoutToken=;.*Max-Age=0/i);
    const after = (await cartPage(browser)).cart;
    expect(after?.discountCodes).toEqual([]);
    expect(after?.totals).toEqual(before?.totals);
    expect((await toastOf(browser))?.title).toBe("Rabattkoden VALKOMMEN10 togs bort.");

    // Already gone (another tab): the cart is as wanted, no error.
    await postAndFollow(browser, { intent: "remove-discount", code: "VALKOMMEN10" });
    expect((await toastOf(browser))?.title).toBe("Rabattkoden VALKOMMEN10 togs bort.");
  });

  it("keeps the line forms working beside the voucher ones", async () => {
    const browser = await shopperWithCart();
    const line = (await cartPage(browser)).cart?.items[0];
    await postAndFollow(browser, {
      intent: "increase",
      itemId: line?.id ?? "",
      quantity: String(line?.quantity),
      redirectTo: "/cart",
    });
    expect((await cartPage(browser)).cart?.items[0]?.quantity).toBe(2);
  });
});

describe("gift cards", () => {
  it("saves a card with spaces removed, shows it masked and never shows the pin", async () => {
    const browser = await shopperWithCart();
    const answer = await postAndFollow(browser, {
      intent: "save-gift-card",
      giftCardCode: " 6000 0000 0000 1000 ",
      giftCardPin: " 12 34 ",
    });
    const cookie = setCookies(answer);
    expect(cookie).toMatch(/^giftCards=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);

    const page = await cartPage(browser);
    expect(page.giftCardsEnabled).toBe(true);
    expect(page.giftCards).toEqual([
      { code: "6000000000001000", masked: "••••••••1000", last4: "1000" },
    ]);
    expect(JSON.stringify(page)).not.toContain("1234");
    expect(await readSavedGiftCards(browser.request("/cart"))).toEqual([
      { code: "6000000000001000", pin: "1234" },
    ]);
    expect((await toastOf(browser))?.title).toBe("Presentkortet som slutar på 1000 är sparat.");
  });

  it("needs code and pin, and does not send the pin back", async () => {
    const browser = await shopperWithCart();
    const answer = (await post(browser, {
      intent: "save-gift-card",
      giftCardCode: "6000-0000",
      giftCardPin: "",
    })) as unknown as PageAnswer;
    expect(answer.init.status).toBe(400);
    expect(answer.data.intent).toBe("save-gift-card");
    expect(answer.data.result.error).toEqual({
      giftCardCode: ["voucher.giftCardCodeInvalid"],
      giftCardPin: ["voucher.giftCardPinRequired"],
    });
    expect(answer.data.result.initialValue?.giftCardPin).toBeUndefined();
  });

  it("updates the pin of a saved card, keeps at most five, and removes them", async () => {
    const browser = await shopperWithCart();
    for (const n of [1, 2, 3, 4, 5]) {
      await postAndFollow(browser, {
        intent: "save-gift-card",
        giftCardCode: `600000000000${n}000`,
        giftCardPin: "1234",
      });
    }
    await postAndFollow(browser, {
      intent: "save-gift-card",
      giftCardCode: "6000000000001000",
      giftCardPin: "9999",
    });
    const saved = await readSavedGiftCards(browser.request("/cart"));
    expect(saved).toHaveLength(5);
    expect(saved[0]).toEqual({ code: "6000000000001000", pin: "9999" });

    const sixth = (await post(browser, {
      intent: "save-gift-card",
      giftCardCode: "6000000000006000",
      giftCardPin: "1234",
    })) as unknown as PageAnswer;
    expect(sixth.init.status).toBe(400);
    expect(sixth.data.result.error).toEqual({
      giftCardCode: ["Du kan spara högst 5 presentkort."],
    });

    for (const card of saved) {
      await postAndFollow(browser, { intent: "remove-gift-card", giftCardCode: card.code });
    }
    expect((await cartPage(browser)).giftCards).toEqual([]);
    expect(await readSavedGiftCards(browser.request("/cart"))).toEqual([]);
  });

  it("keeps the number and the pin out of the cookie: sealed, not only signed (issue 38)", async () => {
    const browser = await shopperWithCart();
    const answer = await postAndFollow(browser, {
      intent: "save-gift-card",
      giftCardCode: "6000 0000 0000 1000",
      giftCardPin: "4711",
    });
    const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("giftCards="));
    const value = decodeURIComponent(line?.split(";")[0]?.slice("giftCards=".length) ?? "");
    expect(value.length).toBeGreaterThan(20);
    // Not the number or the pin, as text or as base64 (or base64url) of the value or any of its
    // parts, layer by layer: Remix's base64 of JSON, then the sealed value's dot-separated parts.
    const layers = new Set<string>([value]);
    for (const layer of layers) {
      for (const part of [layer, ...layer.replaceAll('"', "").split(".")]) {
        for (const encoding of ["base64", "base64url"] as const) {
          const decoded = Buffer.from(part, encoding).toString("latin1");
          if (!layers.has(decoded) && layers.size < 50) layers.add(decoded);
        }
      }
    }
    for (const text of layers) {
      expect(text).not.toContain("6000000000001000");
      expect(text).not.toContain("4711");
    }
    expect(await readSavedGiftCards(browser.request("/cart"))).toEqual([
      { code: "6000000000001000", pin: "4711" },
    ]);
  });

  it("reads a tampered gift-card cookie as no cards (issue 38)", async () => {
    const browser = await shopperWithCart();
    const answer = await postAndFollow(browser, {
      intent: "save-gift-card",
      giftCardCode: "6000000000001000",
      giftCardPin: "1234",
    });
    const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("giftCards="));
    const value = line?.split(";")[0]?.slice("giftCards=".length) ?? "";
    // One character changed anywhere, as a person editing the cookie would.
    for (const at of [0, Math.floor(value.length / 2), value.length - 2]) {
      const changed = value[at] === "A" ? "B" : "A";
      const tampered = `${value.slice(0, at)}${changed}${value.slice(at + 1)}`;
      const request = new Request("http://storefront.test/cart", {
        headers: { Cookie: `giftCards=${tampered}` },
      });
      expect(await readSavedGiftCards(request), `changed at ${at}`).toEqual([]);
    }
    expect((await cartPage(browser)).giftCards).toHaveLength(1);
  });

  it("ignores a gift-card cookie the shop did not sign", async () => {
    const forged = new Request("http://storefront.test/cart", {
      headers: {
        Cookie: `giftCards=${btoa(JSON.stringify([{ code: "6000000000001000", pin: "1" }]))}`,
      },
    });
    expect(await readSavedGiftCards(forged)).toEqual([]);
  });
});
