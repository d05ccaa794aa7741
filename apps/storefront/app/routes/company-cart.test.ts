import {
  SEED_FIXTURES,
  SEED_ORGANISATIONS,
  SEED_PASSWORD,
  SEED_USERS,
} from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { addFromProductPage, Browser, logInThroughForm, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * A§4, C§7: every session a company user's cart lives in carries the company attributes (and
 * `merchantReference1`), not only the one that exists at login: the first add after a login
 * without a cart, the first add after a login with an empty cart of another store group, and the
 * session a market change moves the cart into.
 */
withPlatform();

const organisation = SEED_ORGANISATIONS.nordtrade;
const companyAttributes = {
  company: {
    registrationNumber: organisation.organisationNumber,
    taxId: organisation.taxIdVatNumber,
    name: organisation.name,
    reference: `${SEED_USERS.companyBuyer.firstName} ${SEED_USERS.companyBuyer.lastName}`,
  },
  merchantReference1: organisation.organisationNumber.replace(/-/g, ""),
};

async function logIn(browser: Browser, email: string) {
  const answer = (await logInThroughForm(browser, email, SEED_PASSWORD)) as Response;
  expect(answer.status).toBe(303);
}

async function cartOf(browser: Browser) {
  const cart = await import("./cart");
  return (await cart.loader({ request: browser.request("/cart"), params: {}, context: {} })).data
    .cart;
}

describe("a company user's cart sessions (A§4)", () => {
  it("get the company attributes on the first add after a login without a cart", async () => {
    const browser = new Browser();
    await logIn(browser, SEED_USERS.companyBuyer.email);
    expect(await cartOf(browser)).toBeNull();

    const { slug, variantId } = SEED_FIXTURES.simple;
    expect((await addFromProductPage(browser, slug, variantId)).status).toBe(303);
    const cart = await cartOf(browser);
    expect(cart?.storeGroupId).toBe("business");
    expect(cart?.items).toHaveLength(1);
    expect(cart?.attributes).toMatchObject(companyAttributes);
  });

  it("get them when an empty cart of another store group is left behind", async () => {
    const browser = new Browser();
    const { slug, variantId } = SEED_FIXTURES.simple;
    await addFromProductPage(browser, slug, variantId);
    const cartRoute = await import("./cart");
    const [line] = (await cartOf(browser))?.items ?? [];
    browser.keep(
      (await settle(() =>
        cartRoute.action({
          request: browser.form("/cart", { intent: "remove", itemId: line?.id ?? "" }),
          params: {},
          context: {},
        }),
      )) as Response,
    );
    const empty = await cartOf(browser);
    expect(empty?.storeGroupId).toBe("default");
    expect(empty?.items).toHaveLength(0);

    await logIn(browser, SEED_USERS.companyBuyer.email);
    await addFromProductPage(browser, slug, variantId, 2);
    const cart = await cartOf(browser);
    expect(cart?.storeGroupId).toBe("business");
    expect(cart?.items.map((item) => item.quantity)).toEqual([2]);
    expect(cart?.attributes).toMatchObject(companyAttributes);
  });

  it("keep them when a market change moves the cart into a new session", async () => {
    const browser = new Browser();
    await logIn(browser, SEED_USERS.companyBuyer.email);
    const { slug, variantId } = SEED_FIXTURES.simple;
    await addFromProductPage(browser, slug, variantId);
    const before = await cartOf(browser);
    expect(before?.attributes).toMatchObject(companyAttributes);

    const market = await import("./market");
    browser.keep(
      (await settle(() =>
        market.action({
          request: browser.form("/market", { market: "FI", redirectTo: "/cart" }),
          params: {},
          context: {},
        }),
      )) as Response,
    );
    const after = await cartOf(browser);
    expect(after?.id).not.toBe(before?.id);
    expect(after?.countryCode).toBe("FI");
    expect(after?.storeGroupId).toBe("business");
    expect(after?.items.map((item) => item.productVariantId)).toEqual([variantId]);
    expect(after?.attributes).toMatchObject(companyAttributes);
  });

  it("stay without them for a consumer", async () => {
    const browser = new Browser();
    await logIn(browser, SEED_USERS.customer.email);
    const { slug, variantId } = SEED_FIXTURES.simple;
    await addFromProductPage(browser, slug, variantId);
    const cart = await cartOf(browser);
    expect(cart?.items).toHaveLength(1);
    expect(cart?.attributes.company).toBeUndefined();
  });
});
