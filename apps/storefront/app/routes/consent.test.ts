import { SEED_FIXTURES, SEED_PASSWORD, SEED_USERS } from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { CONSENT_VERSION } from "~/modules/analytics/consent-version";
import type { RootData } from "~/root-data";
import { addFromProductPage, Browser, logInThroughForm, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * Issue 30: the consent form's post (`/consent`), the settings page, and what the root loader
 * gives every page of it: the choice that counts (the banner shows without one), and the events
 * a form post left for the next page.
 */
withPlatform();

async function choose(browser: Browser, fields: Record<string, string>) {
  const consent = await import("./consent");
  const answer = await settle(() =>
    consent.action({ request: browser.form("/consent", fields), params: {}, context: {} }),
  );
  if (answer instanceof Response) browser.keep(answer);
  return answer as Response;
}

async function rootData(browser: Browser, path = "/"): Promise<RootData> {
  const root = await import("~/root");
  const answer = await root.loader({ request: browser.request(path), params: {}, context: {} });
  const headers = new Headers(answer.init?.headers);
  browser.keep(new Response(null, { headers }));
  return answer.data as RootData;
}

function consentCookieOf(answer: Response): string {
  return answer.headers.getSetCookie().find((line) => line.startsWith("kassa_consent=")) ?? "";
}

const today = () => new Date().toISOString().slice(0, 10).replaceAll("-", "");

describe("the consent form's post", () => {
  it.each([
    [{ intent: "accept-all" }, "1.1"],
    [{ intent: "reject-all" }, "0.0"],
    [{ intent: "save", statistics: "on" }, "1.0"],
    [{ intent: "save", marketing: "on" }, "0.1"],
    [{ intent: "save" }, "0.0"],
  ])(
    "%j keeps %s with the version and the day, 12 months, for the server only",
    async (fields, choices) => {
      const answer = await choose(new Browser(), { ...fields, redirectTo: "/produkt/x?color=red" });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/produkt/x?color=red");
      const cookie = consentCookieOf(answer);
      expect(cookie).toMatch(
        new RegExp(
          `^kassa_consent=${CONSENT_VERSION}\\.${choices.replace(".", "\\.")}\\.${today()};`,
        ),
      );
      expect(cookie).toMatch(/Max-Age=31536000/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
    },
  );

  it("goes back only to a path of this shop", async () => {
    for (const redirectTo of ["//evil.example/x", "https://evil.example", "/\\evil.example"]) {
      const answer = await choose(new Browser(), { intent: "accept-all", redirectTo });
      expect(answer.headers.get("Location"), redirectTo).toBe("/");
    }
  });

  it.each([[{}], [{ intent: "accept-some" }], [{ intent: "save", statistics: "yes" }]])(
    "refuses %j with 400 and sets nothing",
    async (fields) => {
      const answer = await choose(new Browser(), fields as Record<string, string>);
      expect(answer.status).toBe(400);
      expect(consentCookieOf(answer)).toBe("");
    },
  );
});

describe("the banner's state in every page", () => {
  it("asks on a first visit, not after a choice, and again when the version changes", async () => {
    const browser = new Browser();
    expect((await rootData(browser)).analytics.consent).toBeNull();
    await choose(browser, { intent: "save", statistics: "on" });
    expect((await rootData(browser)).analytics.consent).toEqual({
      statistics: true,
      marketing: false,
    });
    // A choice made for an older consent text no longer counts: the banner asks again.
    const older = new Browser();
    older.keep(
      new Response(null, {
        headers: { "Set-Cookie": `kassa_consent=${CONSENT_VERSION - 1}.1.1.20250101; Path=/` },
      }),
    );
    expect((await rootData(older)).analytics.consent).toBeNull();
  });

  it("gives no tag unless one is configured", async () => {
    expect((await rootData(new Browser())).analytics.tag).toBeNull();
  });

  it("shows the choice and its day on the settings page", async () => {
    const consent = await import("./consent");
    const browser = new Browser();
    const page = async () =>
      consent.loader({
        request: browser.request("/consent?redirectTo=%2Fkategori%2Fklader"),
        params: {},
        context: {},
      });
    expect(await page()).toMatchObject({
      current: null,
      chosenOn: null,
      redirectTo: "/kategori/klader",
    });
    await choose(browser, { intent: "accept-all" });
    const after = await page();
    expect(after.current).toEqual({ statistics: true, marketing: true });
    expect(after.chosenOn).toBeTruthy();
  });
});

describe("events of a form post reach the next page", () => {
  it("carries add_to_cart in major units to the next page once", async () => {
    const browser = new Browser();
    const { slug, variantId } = SEED_FIXTURES.simple;
    const added = await addFromProductPage(browser, slug, variantId, 2);
    expect(added.status).toBe(303);
    const { events } = (await rootData(browser, `/produkt/${slug}`)).analytics;
    expect(events).toHaveLength(1);
    const [pending] = events;
    expect(pending?.event).toMatchObject({ event: "add_to_cart" });
    const event = pending?.event;
    if (event?.event !== "add_to_cart") throw new Error("no add_to_cart waited");
    const { ecommerce } = event;
    expect(ecommerce.currency).toBe("SEK");
    expect(ecommerce.items[0]).toMatchObject({ item_id: variantId, quantity: 2 });
    // Major units: a price of the seed is whole kronor and öre, never the minor-unit integer.
    const cart = await import("./cart");
    const line = (
      await cart.loader({ request: browser.request("/cart"), params: {}, context: {} })
    ).data.cart?.items.find((item) => item.productVariantId === variantId);
    expect(ecommerce.items[0]?.price).toBe((line?.totalPriceAmount ?? 0) / 2 / 100);
    expect(ecommerce.value).toBe((line?.totalPriceAmount ?? 0) / 100);
    // Read once: the next page has none.
    expect((await rootData(browser, "/cart")).analytics.events).toEqual([]);
  });
});

describe("other form posts leave their events for the next page", () => {
  async function pendingNames(browser: Browser): Promise<string[]> {
    return (await rootData(browser)).analytics.events.map(({ event }) => event.event);
  }

  it("remove_from_cart for a removed line, with the quantity it had", async () => {
    const browser = new Browser();
    const { slug, variantId } = SEED_FIXTURES.simple;
    await addFromProductPage(browser, slug, variantId, 3);
    await rootData(browser); // the add_to_cart is read
    const cart = await import("./cart");
    const page = await cart.loader({ request: browser.request("/cart"), params: {}, context: {} });
    const line = page.data.cart?.items.find((item) => item.productVariantId === variantId);
    browser.keep(
      (await settle(() =>
        cart.action({
          request: browser.form("/cart", { intent: "remove", itemId: line?.id ?? "" }),
          params: {},
          context: {},
        }),
      )) as Response,
    );
    const [removed] = (await rootData(browser)).analytics.events;
    expect(removed?.event).toMatchObject({
      event: "remove_from_cart",
      ecommerce: { currency: "SEK", items: [{ item_id: variantId, quantity: 3 }] },
    });
  });

  it("add_to_wishlist in the shopper's market, for a form post and for the scripts' post", async () => {
    const favorites = await import("./favorites");
    for (const reply of [undefined, "json"]) {
      const browser = new Browser();
      const fields: Record<string, string> = { intent: "add", entry: "pp-1001:pv-1001-05" };
      if (reply) fields.reply = reply;
      const answer = await settle(() =>
        favorites.action({ request: browser.form("/favorites", fields), params: {}, context: {} }),
      );
      // The scripts' post answers data, not a redirect: its headers carry the cookies.
      browser.keep(
        answer instanceof Response
          ? answer
          : new Response(null, {
              headers: (answer as { init?: { headers?: HeadersInit } }).init?.headers,
            }),
      );
      const [added] = (await rootData(browser)).analytics.events;
      expect(added?.event, String(reply)).toMatchObject({
        event: "add_to_wishlist",
        ecommerce: { currency: "SEK", items: [{ item_id: "pv-1001-05" }] },
      });
    }
  });

  it("login after the login form's post", async () => {
    const browser = new Browser();
    await logInThroughForm(browser, SEED_USERS.customer.email, SEED_PASSWORD);
    expect(await pendingNames(browser)).toEqual(["login"]);
  });
});
