import { isKassaApiError } from "@kassa/api-client";
import {
  SEED_FIXTURES,
  SEED_ORGANISATIONS,
  SEED_PASSWORD,
  SEED_USERS,
} from "@kassa/platform/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkoutClient } from "~/modules/checkout/checkout-client.server";
import { shopperClient } from "~/modules/http/clients.server";
import { storefrontCookies } from "~/modules/http/cookies.server";
import { addFromProductPage, Browser, logInThroughForm, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/** The login flow of A§4 and the profile rules of A§5, against a real platform. */
withPlatform();

async function cartOf(browser: Browser) {
  const cart = await import("./cart");
  return (await cart.loader({ request: browser.request("/cart"), params: {}, context: {} })).data
    .cart;
}

describe("logging in (A§4)", () => {
  it("moves the cart to the user's store group and writes the company to the session", async () => {
    const browser = new Browser();
    const { slug, variantId } = SEED_FIXTURES.simple;
    await addFromProductPage(browser, slug, variantId, 1);
    expect((await cartOf(browser))?.storeGroupId).toBe("default");

    const answer = (await logInThroughForm(
      browser,
      SEED_USERS.companyAdmin.email,
      SEED_PASSWORD,
    )) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/my-account/overview/");

    const cart = await cartOf(browser);
    expect(cart?.storeGroupId).toBe("business");
    expect(cart?.items.map((item) => [item.productVariantId, item.quantity])).toEqual([
      [variantId, 1],
    ]);
    const organisation = SEED_ORGANISATIONS.nordtrade;
    expect(cart?.attributes.company).toEqual({
      registrationNumber: organisation.organisationNumber,
      taxId: organisation.taxIdVatNumber,
      name: organisation.name,
      reference: `${SEED_USERS.companyAdmin.firstName} ${SEED_USERS.companyAdmin.lastName}`,
    });
    expect(cart?.attributes.merchantReference1).toBe(
      organisation.organisationNumber.replace(/-/g, ""),
    );
  });

  it("gives the cart a new token at login, and the platform refuses the one from before (issue 38)", async () => {
    // The cart token a person planted in this browser (or copied from it) before the login.
    const browser = new Browser();
    const { slug, variantId } = SEED_FIXTURES.simple;
    await addFromProductPage(browser, slug, variantId, 2);
    const cookies = storefrontCookies();
    const before = (await cookies.cartToken.parse(browser.cookieHeader())) as string;
    expect(before).toBeTruthy();
    const checkout = await checkoutClient({ sessionToken: before }).startCheckout({
      paymentProvider: "KlarnaCheckout",
      shippingProvider: "PostNord",
    });

    const answer = (await logInThroughForm(
      browser,
      SEED_USERS.customer.email,
      SEED_PASSWORD,
    )) as Response;
    expect(answer.status).toBe(303);
    const lines = answer.headers.getSetCookie();
    const written = lines.filter((line) => line.startsWith(`${cookies.cartToken.name}=`));
    expect(written).toHaveLength(1);
    const after = (await cookies.cartToken.parse(written[0] ?? "")) as string;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // The checkout made before the login is not kept either.
    expect(lines.find((line) => line.startsWith(`${cookies.checkoutToken.name}=`))).toMatch(
      /Max-Age=0/,
    );

    // The same cart, under the new token only.
    const cart = await cartOf(browser);
    expect(cart?.items.map((item) => [item.productVariantId, item.quantity])).toEqual([
      [variantId, 2],
    ]);
    const refused = await shopperClient(before)
      .getSession()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isKassaApiError(refused) && refused.status).toBe(401);
    const added = await shopperClient(before)
      .addItem({ productVariantId: variantId, quantity: 1, options: {} })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isKassaApiError(added) && added.status).toBe(401);
    expect((await shopperClient(after).getSession()).cart.id).toBe(cart?.id);
    const oldCheckout = await checkoutClient({ checkoutToken: checkout.token })
      .getCheckout()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isKassaApiError(oldCheckout) && oldCheckout.status).toBe(401);
  });

  it("goes only to same-site paths after login", async () => {
    const login = await import("./login/route");
    // The page never carries another site's address into its form…
    const page = await login.loader({
      request: new Request("http://storefront.test/login?redirectTo=//evil.example/"),
      params: {},
      context: {},
    });
    expect(page.data.redirectTo).toBe("");
    // …and a crafted post with one is refused, not followed.
    const crafted = (await logInThroughForm(
      new Browser(),
      SEED_USERS.customer.email,
      SEED_PASSWORD,
      "//evil.example/",
    )) as {
      init: { status: number };
    };
    expect(crafted.init.status).toBe(400);
    const onSite = (await logInThroughForm(
      new Browser(),
      SEED_USERS.customer.email,
      SEED_PASSWORD,
      "/cart",
    )) as Response;
    expect(onSite.headers.get("Location")).toBe("/cart");
  });

  it("explains the login limit in the shopper's language", async () => {
    const browser = new Browser();
    let answer: unknown;
    for (let attempt = 0; attempt < 6; attempt++) {
      answer = await logInThroughForm(browser, SEED_USERS.superAdmin.email, "Wrong-password-1");
    }
    const { data, init } = answer as {
      data: { banner: { key: string; values: { minutes: number } } };
      init: { status: number };
    };
    expect(init.status).toBe(429);
    expect(data.banner.key).toBe("login.tooManyAttempts");
    expect(data.banner.values.minutes).toBe(15);
  });
});

describe("the profile (A§5)", () => {
  it("normalises the phone, and refuses one that is not a number, keeping the rest", async () => {
    const browser = new Browser();
    await logInThroughForm(browser, SEED_USERS.finnishCustomer.email, SEED_PASSWORD);
    const credentials = await import("./my-account.credentials/route");
    const save = (fields: Record<string, string>) =>
      settle(() =>
        credentials.action({
          request: browser.form("/my-account/credentials/", {
            intent: "update-profile",
            ...fields,
          }),
          params: {},
          context: {},
        }),
      );

    const bad = (await save({ first_name: "Aino", phone_number: "soita minulle" })) as {
      data: { result: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.result.error.phone_number).toEqual([
      "validation.account.phoneMustStartWithPlus",
    ]);

    const good = (await save({
      first_name: "Aino",
      phone_number: "040 123 4567",
      country_code: "FI",
    })) as {
      data: { saved: number | null };
    };
    expect(good.data.saved).toEqual(expect.any(Number));
    const page = (await credentials.loader({
      request: browser.request("/my-account/credentials/"),
      params: {},
      context: {},
    })) as unknown as {
      data: { user: { phone_number: string; first_name: string } };
    };
    expect(page.data.user).toMatchObject({ first_name: "Aino", phone_number: "+358401234567" });
  });
});

describe("the profile's phone country and email (A§5, A§7)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function saveProfile(browser: Browser, fields: Record<string, string>) {
    const credentials = await import("./my-account.credentials/route");
    return settle(() =>
      credentials.action({
        request: browser.form("/my-account/credentials/", { intent: "update-profile", ...fields }),
        params: {},
        context: {},
      }),
    );
  }

  async function savedPhone(browser: Browser) {
    const credentials = await import("./my-account.credentials/route");
    const page = (await credentials.loader({
      request: browser.request("/my-account/credentials/"),
      params: {},
      context: {},
    })) as unknown as { data: { user: { phone_number: string }; phoneCountry: string } };
    return page.data;
  }

  it("gives a number without + the market country's calling code, without JavaScript too", async () => {
    const browser = new Browser();
    // The login puts the Finnish customer in the Finnish market.
    await logInThroughForm(browser, SEED_USERS.finnishCustomer.email, SEED_PASSWORD);
    expect((await savedPhone(browser)).phoneCountry).toBe("FI");
    // A post without the form's hidden country (as a crafted or an old form would send it).
    const saved = (await saveProfile(browser, { phone_number: "040 765 4321" })) as {
      data: { saved: number | null };
    };
    expect(saved.data.saved).toEqual(expect.any(Number));
    expect((await savedPhone(browser)).user.phone_number).toBe("+358407654321");
  });

  it("sends the current user's email with update-user", async () => {
    const browser = new Browser();
    await logInThroughForm(browser, SEED_USERS.customer.email, SEED_PASSWORD);
    const bodies: unknown[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/enad/update-user/")) bodies.push(JSON.parse(String(init?.body)));
      return realFetch(input, init);
    });
    // A posted email is no field of the form: it never replaces the current one.
    await saveProfile(browser, { first_name: "Karin", email: "someone.else@example.test" });
    expect(bodies).toEqual([
      expect.objectContaining({ email: SEED_USERS.customer.email, first_name: "Karin" }),
    ]);
  });
});

describe("forgot password (A§2)", () => {
  it("says so when the address has had too many links, instead of pretending one was sent", async () => {
    const resetPassword = await import("./reset-password/route");
    const ask = async () =>
      (await resetPassword.action({
        request: new Browser().form("/reset-password/", {
          intent: "request-reset",
          email: SEED_USERS.agent.email,
        }),
        params: {},
        context: {},
      })) as unknown as { data: { outcome: { state: string; minutes?: number } } };
    for (let sent = 0; sent < 10; sent++)
      expect((await ask()).data.outcome.state).toBe("checkEmail");
    const refused = await ask();
    expect(refused.data.outcome.state).toBe("tooManyLinks");
    expect(refused.data.outcome.minutes).toBeGreaterThan(0);
  });

  it("sends the verification link again only where one can go (A§2, A§8)", async () => {
    const resetPassword = await import("./reset-password/route");
    const resend = async (email: string) =>
      (
        (await resetPassword.action({
          request: new Browser().form("/reset-password/", {
            intent: "resend-verification",
            email,
          }),
          params: {},
          context: {},
        })) as unknown as { data: { outcome: { state: string } } }
      ).data.outcome.state;
    expect(await resend(SEED_USERS.unverified.email)).toBe("emailVerfySent");
    expect(await resend("nobody.here@kassa.test")).toBe("emailNotFound");
    expect(await resend(SEED_USERS.companyBuyer.email)).toBe("emailAlreadyVerified");
  });
});
