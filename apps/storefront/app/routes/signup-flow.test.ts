import { SEED_ORGANISATIONS, SEED_PASSWORD } from "@kassa/platform/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetConfig } from "~/modules/http/config.server";
import { i18nInstance } from "~/modules/http/i18n-instances.server";
import { Browser, openLink, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * The signup form's server side against a real platform: A§4's signup flow with an organisation
 * (and its retry after a refused organisation), the organisation's defaults when the form is
 * posted without JavaScript, and A§2's phone field that shows only when its translation exists.
 */
const platform = withPlatform();

afterEach(() => {
  vi.restoreAllMocks();
});

type SignupAnswer = {
  data: {
    result: { error?: Record<string, string[] | null> | null };
    alert: string | null;
    confirmEmail: string | null;
  };
  init: { status?: number } | null;
};

/** A company signup as the form posts it without JavaScript: the autofilled fields left empty. */
function companySignup(email: string, organisationNumber: string): Record<string, string> {
  return {
    account_type: "company",
    first_name: "Bo",
    last_name: "Ek",
    email,
    phone_number: "070-123 45 68",
    country_code: "SE",
    password: SEED_PASSWORD,
    confirmPassword: SEED_PASSWORD,
    "organisation.name": "Ek & Söner AB",
    "organisation.organisation_number": organisationNumber,
    "organisation.tax_id_vat_number": "",
    "organisation.email": "",
    "organisation.invoice_email": "",
    "organisation.phone": "",
    "billing_address[0].street_address": "Storgatan 1",
    "billing_address[0].postal_code": "111 22",
    "billing_address[0].city": "Stockholm",
    "billing_address[0].country": "SE",
    same_as_billing: "on",
    terms_accepted: "on",
  };
}

async function postSignup(browser: Browser, fields: Record<string, string>, path = "/signup/") {
  const signup = await import("./signup");
  const answer = (await settle(() =>
    signup.action({ request: browser.form(path, fields), params: {}, context: {} }),
  )) as unknown as SignupAnswer & { init: { headers?: HeadersInit } | null };
  const headers = new Headers(answer.init?.headers);
  if (headers.getSetCookie().length > 0) browser.keep(new Response(null, { headers }));
  return answer;
}

function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
}

/** A ten-digit organisation number nobody has registered. */
function freeOrganisationNumber() {
  return `59${String(Date.now()).slice(-8)}`;
}

async function verifyLinkOf(email: string) {
  const response = await fetch(`${platform().url}/dev/mail.json?to=${encodeURIComponent(email)}`);
  const mails = (await response.json()) as { text: string }[];
  const link = mails.map((mail) => mail.text.match(/https?:\/\/\S*\/login\/\?token=\S+/)?.[0]);
  return link.find(Boolean);
}

describe("signup with an organisation (A§4)", () => {
  it("recovers from a refused organisation: the retry creates the company, and its link confirms it", async () => {
    const browser = new Browser();
    const email = uniqueEmail("retry");

    // The organisation step fails after the user was created: no link goes out.
    const taken = await postSignup(
      browser,
      companySignup(email, SEED_ORGANISATIONS.nordtrade.organisationNumber),
    );
    expect(taken.data.alert).toBe("signup.companyAlreadyExists");
    expect(taken.data.confirmEmail).toBeNull();
    expect(await verifyLinkOf(email)).toBeUndefined();

    // The person fixes the number and sends the same form again.
    const organisationNumber = freeOrganisationNumber();
    const sent: Record<string, unknown>[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/enad/organisation/signup/")) sent.push(JSON.parse(String(init?.body)));
      return realFetch(input, init);
    });
    const retried = await postSignup(browser, companySignup(email, organisationNumber));
    vi.restoreAllMocks();
    expect(retried.data.alert).toBeNull();
    expect(retried.data.confirmEmail).toBe(email);

    // A§4 autofill without JavaScript: the empty organisation fields took the user's values.
    expect(sent).toEqual([
      expect.objectContaining({
        organisation_number: organisationNumber,
        tax_id_vat_number: `SE${organisationNumber}01`,
        email,
        invoice_email: email,
        phone: "+46701234568",
      }),
    ]);

    // The link, followed in the same browser, confirms the signup that has the company.
    const link = await verifyLinkOf(email);
    expect(link).toBeDefined();
    const login = await import("./login/route");
    const url = new URL(link ?? "");
    // The link's token moves into the login page's cookie on the way (ADR 0050).
    const page = await openLink(browser, `${url.pathname}${url.search}`, login.loader);
    expect(page.data.verification?.status).toBe("success");

    const loggedIn = await realFetch(`${platform().url}/enad/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: SEED_PASSWORD }),
    });
    expect(loggedIn.status).toBe(200);
    const { user } = (await loggedIn.json()) as {
      user: { organisations: { organisation_number: string; name: string; level: string }[] };
    };
    expect(user.organisations).toEqual([
      expect.objectContaining({
        organisation_number: organisationNumber,
        name: "Ek & Söner AB",
        level: "admin",
      }),
    ]);
  });
});

describe("the phone field (A§2: shown only when its translation exists)", () => {
  async function withoutPhoneLabel<T>(language: string, run: () => Promise<T>): Promise<T> {
    const i18n = await i18nInstance(language);
    const label = i18n.getResource(language, "common", "signup.phone") as string;
    i18n.addResource(language, "common", "signup.phone", undefined as unknown as string);
    try {
      return await run();
    } finally {
      i18n.addResource(language, "common", "signup.phone", label);
    }
  }

  async function signupPage(path: string) {
    const signup = await import("./signup");
    return (await signup.loader({
      request: new Request(`http://storefront.test${path}`),
      params: {},
      context: {},
    })) as { showPhone: boolean; externalRef: boolean };
  }

  /** A post without a phone that the form refuses for another reason (no accepted terms). */
  async function phoneErrors(path: string) {
    const {
      terms_accepted: _,
      phone_number: __,
      ...fields
    } = companySignup(uniqueEmail("phone"), freeOrganisationNumber());
    const answer = await postSignup(new Browser(), { ...fields, account_type: "consumer" }, path);
    expect(answer.data.result.error?.terms_accepted).toBeTruthy();
    return answer.data.result.error?.phone_number ?? undefined;
  }

  it("shows and requires the phone in a language that has its label", async () => {
    expect((await signupPage("/signup/?lng=en")).showPhone).toBe(true);
    expect(await phoneErrors("/signup/?lng=en")).toEqual(["validation.account.phoneRequired"]);
  });

  it("hides the phone, and does not require it, in a language without its label", async () => {
    await withoutPhoneLabel("en", async () => {
      expect((await signupPage("/signup/?lng=en")).showPhone).toBe(false);
      expect(await phoneErrors("/signup/?lng=en")).toBeUndefined();
      // Another language's text is no translation of this one's: Swedish still has it.
      expect((await signupPage("/signup/?lng=sv")).showPhone).toBe(true);
    });
  });

  it("asks for the company's external_ref only where the setting shows it, and sends it (A§1, A§3)", async () => {
    const sent: Record<string, unknown>[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/enad/organisation/signup/")) sent.push(JSON.parse(String(init?.body)));
      return realFetch(input, init);
    });
    const withRef = (email: string) => ({
      ...companySignup(email, freeOrganisationNumber()),
      "organisation.external_ref": "ERP-4711",
    });

    // Off (the default): no field, and a posted value is not sent.
    expect((await signupPage("/signup/")).externalRef).toBe(false);
    await postSignup(new Browser(), withRef(uniqueEmail("noref")));
    expect(sent.at(-1)).not.toHaveProperty("external_ref");

    process.env.KASSA_SIGNUP_EXTERNAL_REF = "true";
    forgetConfig();
    try {
      expect((await signupPage("/signup/")).externalRef).toBe(true);
      const answer = await postSignup(new Browser(), withRef(uniqueEmail("ref")));
      expect(answer.data.confirmEmail).toBeTruthy();
      expect(sent.at(-1)).toMatchObject({ external_ref: "ERP-4711" });
    } finally {
      delete process.env.KASSA_SIGNUP_EXTERNAL_REF;
      forgetConfig();
    }
  });
});

describe("what the platform takes from the shop alone (ADR 0048)", () => {
  /** Signs a company up through the form, follows its link in the same browser, and logs in. */
  async function signUpAndLogIn(email: string) {
    const browser = new Browser();
    const answer = await postSignup(browser, companySignup(email, freeOrganisationNumber()));
    expect(answer.data.confirmEmail).toBe(email);
    const link = new URL((await verifyLinkOf(email)) ?? "");
    const login = await import("./login/route");
    // The link's token moves into a cookie on the way (ADR 0050), as a browser follows it.
    const page = await openLink(browser, `${link.pathname}${link.search}`, login.loader);
    expect(page.data.verification?.status).toBe("success");
    const loggedIn = await fetch(`${platform().url}/enad/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: SEED_PASSWORD }),
    });
    return { status: loggedIn.status, body: (await loggedIn.json()) as Record<string, unknown> };
  }

  it("keeps the shop's status setting (A§3): active logs in at once, pending waits for approval", async () => {
    // Active (the default): an anonymous caller's signup would wait, so this one came with the
    // shop's own token, and so did its company, which made the user a business customer.
    const active = await signUpAndLogIn(uniqueEmail("active"));
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ user: { store_group_id: "business" } });

    process.env.KASSA_SIGNUP_USER_STATUS = "pending";
    forgetConfig();
    try {
      const pending = await signUpAndLogIn(uniqueEmail("pending"));
      expect(pending.status).toBe(403);
      expect(pending.body).toMatchObject({ details: "user is in pending state" });
    } finally {
      delete process.env.KASSA_SIGNUP_USER_STATUS;
      forgetConfig();
    }
  });

  it("signing up again in the same browser replaces the earlier signup, freeing its organisation number", async () => {
    const browser = new Browser();
    const email = uniqueEmail("again");
    const organisationNumber = freeOrganisationNumber();
    const first = await postSignup(browser, companySignup(email, organisationNumber));
    expect(first.data.confirmEmail).toBe(email);
    // The browser keeps the first signup's token and sends it along: the platform drops that
    // signup with its company, so the same number is free for the corrected signup.
    const second = await postSignup(browser, {
      ...companySignup(email, organisationNumber),
      first_name: "Bodil",
    });
    expect(second.data.alert).toBeNull();
    expect(second.data.confirmEmail).toBe(email);
    // A browser that made no signup of the address cannot take its number.
    const stranger = await postSignup(new Browser(), companySignup(email, organisationNumber));
    expect(stranger.data.alert).toBe("signup.companyAlreadyExists");
  });
});
