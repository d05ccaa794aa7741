import { SEED_FIXTURES, SEED_PASSWORD, SEED_USERS } from "@kassa/platform/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addFromProductPage,
  Browser,
  logInThroughForm,
  openLink,
  settle,
} from "~/test-support/browser";
import { payInHostedPage } from "~/test-support/hosted-payment";
import { withPlatform } from "~/test-support/platform";

/**
 * The signup from an order (A§3 "the alternate signup form", issue 32): a guest who has just paid
 * creates an account on the confirmation with a password only; the name, email, phone and address
 * are the order's, read on the server with this browser's checkout token.
 */
const platform = withPlatform();

const PASSWORD = "Orderkonto-2026";

afterEach(() => {
  vi.restoreAllMocks();
});

function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
}

/** A guest's order paid in the provider's hosted page; answers the confirmation's path. */
async function placeGuestOrder(browser: Browser, email: string): Promise<string> {
  await addFromProductPage(browser, SEED_FIXTURES.simple.slug, SEED_FIXTURES.simple.variantId, 1);
  const checkout = await import("../checkout/route");
  const answer = (await settle(() =>
    checkout.loader({ request: browser.request("/checkout"), params: {}, context: {} }),
  )) as { data: { state: { kind: string; embed?: { hostedUrl: string } } }; init: ResponseInit };
  browser.keep(new Response(null, { headers: answer.init?.headers ?? {} }));
  expect(answer.data.state.kind).toBe("ready");
  return payInHostedPage(answer.data.state.embed?.hostedUrl ?? "", {
    givenName: "Astrid",
    familyName: "Lind",
    email,
    telephoneNumber: "070-123 45 67",
  });
}

type PageData = {
  confirmation: { kind: string; order?: { reference: string } };
  signupChoices: string[] | null;
};

async function showConfirmation(browser: Browser, path: string) {
  const route = await import("./route");
  const answer = (await route.loader({
    request: browser.request(path),
    params: {},
    context: {},
  })) as unknown as { data: PageData; init: ResponseInit };
  browser.keep(new Response(null, { headers: answer.init?.headers ?? {} }));
  return answer.data;
}

type SignupAnswer = {
  data: { alert: string | null; confirmEmail: string | null; result: { error?: unknown } };
  init: { status?: number; headers?: HeadersInit } | null;
};

async function postSignup(browser: Browser, path: string, fields: Record<string, string>) {
  const route = await import("./route");
  const answer = (await settle(() =>
    route.action({
      request: browser.form(path, { intent: "order-signup", ...fields }),
      params: {},
      context: {},
    }),
  )) as unknown as SignupAnswer;
  browser.keep(new Response(null, { headers: answer.init?.headers ?? {} }));
  return answer;
}

/** What the storefront sent to `/enad/signup/`. */
function watchSignups() {
  const sent: Record<string, unknown>[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith("/enad/signup/")) sent.push(JSON.parse(String(init?.body)));
    return realFetch(input, init);
  });
  return sent;
}

async function verifyLinkOf(email: string) {
  const response = await fetch(`${platform().url}/dev/mail.json?to=${encodeURIComponent(email)}`);
  const mails = (await response.json()) as { text: string }[];
  return mails
    .map((mail) => mail.text.match(/https?:\/\/\S*\/login\/\?token=\S+/)?.[0])
    .find(Boolean);
}

const ALL_CHOICES = {
  allow_email_notifications: "on",
  allow_phone_notifications: "on",
  allow_postal_notifications: "on",
  terms_accepted: "on",
};

describe("the signup from an order on its confirmation (A§3 alternate signup form)", () => {
  it("creates the account with the order's details and the three choices; the order is then theirs", async () => {
    const browser = new Browser();
    const email = uniqueEmail("order-signup");
    const path = await placeGuestOrder(browser, email);
    const page = await showConfirmation(browser, path);
    expect(page.confirmation.kind).toBe("order");
    expect(page.signupChoices).toEqual(["email", "sms", "postal"]);

    const sent = watchSignups();
    // Hidden fields a guest could add change nothing: the order names the person.
    const answer = await postSignup(browser, path, {
      password: PASSWORD,
      ...ALL_CHOICES,
      email: "someone.else@example.test",
      first_name: "Mallory",
    });
    vi.restoreAllMocks();
    expect(answer.data.alert).toBeNull();
    expect(answer.data.confirmEmail).toBe(email);
    expect(sent).toEqual([
      expect.objectContaining({
        first_name: "Astrid",
        last_name: "Lind",
        email,
        password: PASSWORD,
        phone_number: "+46701234567",
        country_code: "SE",
        address: { street: "Storgatan 1", zip_code: "11122", city: "Stockholm" },
        allow_email_notifications: true,
        allow_phone_notifications: true,
        allow_postal_notifications: true,
        role: "customer",
      }),
    ]);

    // The mail's link confirms the account; logged in, the order lookups (C§4, by email) find it.
    const link = await verifyLinkOf(email);
    expect(link).toBeDefined();
    // Followed in this browser, which kept the signup's token: no password asked (ADR 0008).
    const login = await import("../login/route");
    const url = new URL(link ?? "");
    // The link's token moves into the login page's cookie on the way (ADR 0050).
    const verified = await openLink(browser, `${url.pathname}${url.search}`, login.loader);
    expect(verified.data.verification?.status).toBe("success");
    const loggedIn = await fetch(`${platform().url}/enad/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(loggedIn.status).toBe(200);
    const { access_token: accessToken } = (await loggedIn.json()) as { access_token: string };
    const orders = await fetch(`${platform().url}/brink/get-orders-by-email/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ email }),
    });
    const { data } = (await orders.json()) as {
      data: { orderSummaries: { reference: string }[] };
    };
    expect(data.orderSummaries.map((order) => order.reference)).toEqual([
      page.confirmation.order?.reference,
    ]);
    const user = await fetch(`${platform().url}/enad/get-user/`, {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(await user.json()).toMatchObject({
      first_name: "Astrid",
      phone_number: "+46701234567",
      address: { street: "Storgatan 1", zip_code: "11122", city: "Stockholm" },
      communication_preferences: { allow_email: true, allow_sms: true, allow_postal: true },
    });
  }, 120_000);

  it("refuses a weak password with the signup's messages, and makes no account", async () => {
    const browser = new Browser();
    const email = uniqueEmail("order-signup-weak");
    const path = await placeGuestOrder(browser, email);
    await showConfirmation(browser, path);
    const sent = watchSignups();
    const answer = await postSignup(browser, path, { password: "kort", ...ALL_CHOICES });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.confirmEmail).toBeNull();
    expect(answer.data.result.error).toMatchObject({
      password: ["validation.account.passwordMin", "validation.account.passwordDigit"],
    });
    expect(sent).toEqual([]);
  }, 120_000);

  it("refuses a browser that did not place the order, and a logged-in one is not offered it", async () => {
    const buyer = new Browser();
    const email = uniqueEmail("order-signup-other");
    const path = await placeGuestOrder(buyer, email);
    await showConfirmation(buyer, path);

    // Another browser posts to the same confirmation address: it has no checkout token.
    const sent = watchSignups();
    const stranger = new Browser();
    const answer = await postSignup(stranger, path, { password: PASSWORD, ...ALL_CHOICES });
    expect(answer.init?.status).toBe(403);
    expect(answer.data.alert).toBe("no-order");
    expect(await verifyLinkOf(email)).toBeUndefined();

    // The buyer logs in (the checkout token cookies stay): their orders are theirs already.
    await logInThroughForm(buyer, SEED_USERS.customer.email, SEED_PASSWORD);
    expect(buyer.cookieHeader()).toMatch(/(^|; )checkoutTokenConfirmed=/);
    expect((await showConfirmation(buyer, path)).signupChoices).toBeNull();
    const loggedIn = await postSignup(buyer, path, { password: PASSWORD, ...ALL_CHOICES });
    expect(loggedIn.init?.status).toBe(403);
    expect(sent).toEqual([]);
  }, 120_000);
});
