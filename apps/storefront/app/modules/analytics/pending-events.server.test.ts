import { describe, expect, it } from "vitest";
import type { PricedLine } from "./event-builders";
import {
  pendingEventsCookie,
  pendingLinesAddedCookie,
  readPendingEvents,
} from "./pending-events.server";

const SITE = "http://storefront.test";

/** A request carrying the cookie a `Set-Cookie` gave. */
function withCookie(setCookie: string | undefined): Request {
  return new Request(`${SITE}/`, { headers: { Cookie: (setCookie ?? "").split(";")[0] ?? "" } });
}

function cartLine(productVariantId: string): PricedLine {
  return {
    productVariantId,
    name: `Produkt ${productVariantId}`,
    displayName: "Produkt",
    quantity: 1,
    basePriceAmount: 10_000,
    salePriceAmount: 10_000,
    totalDiscountAmount: 0,
    totalPriceAmount: 10_000,
    taxPercentage: 2500,
    customAttributes: { parentName: "Produkt" },
  };
}

const variants = Array.from({ length: 100 }, (_, index) => `pv-${1000 + index}-01`);

describe("events that wait for the next page", () => {
  it("carry a quick order of 100 lines in one cookie, made into its event from the cart", async () => {
    const [cookie] = await pendingLinesAddedCookie(
      new Request(`${SITE}/`),
      variants.map((productVariantId) => ({ productVariantId, quantity: 2 })),
    );
    expect(cookie?.length).toBeLessThanOrEqual(4000);
    let cartReads = 0;
    const { events } = await readPendingEvents(withCookie(cookie), async () => {
      cartReads += 1;
      return { currencyCode: "SEK", discountCodes: [], items: variants.map(cartLine) };
    });
    expect(cartReads).toBe(1);
    expect(events).toHaveLength(1);
    expect(events[0]?.event).toMatchObject({
      event: "add_to_cart",
      ecommerce: { currency: "SEK", value: 20_000 },
    });
  });

  it("read no cart when only ordinary events wait, and none at all without the cookie", async () => {
    const [cookie] = await pendingEventsCookie(new Request(`${SITE}/`), [
      { event: "login", method: "email" },
    ]);
    const readCart = async () => {
      throw new Error("not needed");
    };
    const { events } = await readPendingEvents(withCookie(cookie), readCart);
    expect(events.map(({ event }) => event.event)).toEqual(["login"]);
    expect(await readPendingEvents(new Request(`${SITE}/`), readCart)).toEqual({
      events: [],
      setCookie: null,
    });
  });

  it("let the oldest waiting events go rather than grow past what a browser keeps", async () => {
    let cookie: string | undefined;
    for (let post = 0; post < 3; post += 1) {
      [cookie] = await pendingLinesAddedCookie(
        withCookie(cookie),
        variants.map((productVariantId) => ({ productVariantId, quantity: post + 1 })),
      );
      expect(cookie?.length).toBeLessThanOrEqual(4000);
    }
    const { events } = await readPendingEvents(withCookie(cookie), async () => ({
      currencyCode: "SEK",
      discountCodes: [],
      items: variants.map(cartLine),
    }));
    // The last post's lines are the ones kept.
    expect(events).toHaveLength(1);
    const added = events[0]?.event as { ecommerce: { items: { quantity: number }[] } };
    expect(new Set(added.ecommerce.items.map((item) => item.quantity))).toEqual(new Set([3]));
  });
});
