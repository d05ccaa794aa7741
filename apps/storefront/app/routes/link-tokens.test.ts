import { SEED_PASSWORD, SEED_USERS } from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { Browser, openLink, settle } from "~/test-support/browser";
import { mailLinkTo } from "~/test-support/mail";
import { withPlatform } from "~/test-support/platform";

/**
 * Issue 38: a mail's link carries a token (`/reset-password/?token=…` is a login in all but name),
 * and the page it opened kept it in the address, where the analytics tag's page view sent it to
 * the vendor, and the history and `Referer` kept it. Now the link's GET answers 303 to the page
 * without the token, which waits in a short-lived, httpOnly, path-limited cookie of that page
 * (ADR 0050); the page reads it from there, never holds it, and expires the cookie once used.
 */
const platform = withPlatform();

const NEW_PASSWORD = "Nytt-losen-2038";

/** The path and query of the newest mail's link to `path` on the storefront. */
const linkTo = (email: string, path: string) => mailLinkTo(platform().url, email, path);

const tokenOf = (link: string) => new URL(`http://x${link}`).searchParams.get("token") ?? "";

/** `Set-Cookie` attributes by lower-case name, the value under `value`. */
function cookieLine(answer: Response, name: string): Record<string, string> | undefined {
  const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
  return Object.fromEntries([
    ["value", pair.slice(name.length + 1)],
    ...attributes.map((attribute) => {
      const [key = "", ...value] = attribute.split("=");
      return [key.toLowerCase(), value.join("=") || "true"];
    }),
  ]);
}

/** The first answer to a link, which must be the redirect that takes the token away. */
async function firstAnswer(
  loader: (args: {
    request: Request;
    params: Record<string, string>;
    context: Record<string, unknown>;
  }) => Promise<unknown>,
  browser: Browser,
  link: string,
): Promise<Response> {
  const answer = await settle(() =>
    loader({ request: browser.request(link), params: {}, context: {} }),
  );
  expect(answer, `${link} answers a redirect`).toBeInstanceOf(Response);
  return answer as Response;
}

function expectTokenMovedToCookie(
  answer: Response,
  { token, cookie, path, maxAge }: { token: string; cookie: string; path: string; maxAge: string },
) {
  expect(answer.status).toBe(303);
  const location = answer.headers.get("Location") ?? "";
  expect(location).not.toContain("token");
  expect(location).not.toContain(token);
  expect(answer.headers.get("Cache-Control")).toContain("no-store");
  const set = cookieLine(answer, cookie);
  expect(set, cookie).toBeDefined();
  expect(set).toMatchObject({ httponly: "true", samesite: "Lax", path, "max-age": maxAge });
  expect(set?.value).not.toBe("");
}

async function postResetForm(browser: Browser, fields: Record<string, string>) {
  const route = await import("./reset-password/route");
  const answer = (await route.action({
    request: browser.form("/reset-password/", { intent: "set-password", ...fields }),
    params: {},
    context: {},
  })) as unknown as {
    data: { outcome: { state: string } | null };
    init: { status?: number; headers?: HeadersInit } | null;
  };
  const response = new Response(null, { headers: answer.init?.headers });
  browser.keep(response);
  return { ...answer, response };
}

describe("the password-reset link", () => {
  it("leaves the address at once; the page never holds the token; the cookie goes once used", async () => {
    const route = await import("./reset-password/route");
    const email = SEED_USERS.customer.email;
    await route.action({
      request: new Browser().form("/reset-password/", { intent: "request-reset", email }),
      params: {},
      context: {},
    });
    const link = await linkTo(email, "/reset-password/");
    const token = tokenOf(link);
    const browser = new Browser();

    const moved = await firstAnswer(route.loader, browser, link);
    expectTokenMovedToCookie(moved, {
      token,
      cookie: "kassa_reset_token",
      path: "/reset-password",
      maxAge: "600",
    });
    expect(moved.headers.get("Location")).toBe("/reset-password/");

    const page = await openLink(browser, link, route.loader);
    expect(page).toMatchObject({ hasLink: true });
    expect(JSON.stringify(page)).not.toContain(token);

    // A mistake in the form keeps the link for the next try.
    const mistake = await postResetForm(browser, { password: "kort", confirmPassword: "kort" });
    expect(mistake.init?.status).toBe(400);
    expect(cookieLine(mistake.response, "kassa_reset_token")).toBeUndefined();

    const done = await postResetForm(browser, {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done.data.outcome).toEqual({ state: "passwordUpdated" });
    expect(cookieLine(done.response, "kassa_reset_token")).toMatchObject({ "max-age": "0" });

    // Used: gone from the browser. Posting again says to open the link again.
    const again = await postResetForm(browser, {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(again.data.outcome).toEqual({ state: "linkLost" });
    expect((await openLink(new Browser(), "/reset-password/", route.loader)).hasLink).toBe(false);

    // The link itself works once: opened again, the platform says it was used.
    const reopened = new Browser();
    await openLink(reopened, link, route.loader);
    const spent = await postResetForm(reopened, {
      password: "Annat-losen-2039",
      confirmPassword: "Annat-losen-2039",
    });
    expect(spent.data.outcome).toEqual({ state: "linkNotFound" });
  });

  it("keeps the language, locale and campaign of the link, and drops everything else", async () => {
    const route = await import("./reset-password/route");
    const moved = await firstAnswer(
      route.loader,
      new Browser(),
      "/reset-password/?utm_source=mail&token=t0k&x=1&lng=fi&locale=fi-fi&redirectTo=%2Fcart",
    );
    expect(moved.headers.get("Location")).toBe(
      "/reset-password/?utm_source=mail&lng=fi&locale=fi-fi",
    );
  });

  it("sets no cookie for a token that cannot be one, and still takes it out of the address", async () => {
    const route = await import("./reset-password/route");
    const empty = await firstAnswer(route.loader, new Browser(), "/reset-password/?token=");
    expect(empty.headers.get("Location")).toBe("/reset-password/");
    expect(cookieLine(empty, "kassa_reset_token")).toMatchObject({ "max-age": "0" });
    const long = await firstAnswer(
      route.loader,
      new Browser(),
      `/reset-password/?token=${"a".repeat(600)}`,
    );
    expect(cookieLine(long, "kassa_reset_token")).toMatchObject({ "max-age": "0" });
  });
});

describe("the verification link", () => {
  async function signUp(browser: Browser, email: string) {
    const signup = await import("./signup");
    const answer = (await settle(() =>
      signup.action({
        request: browser.form("/signup/", {
          account_type: "consumer",
          first_name: "Vera",
          last_name: "Länk",
          email,
          phone_number: "070-123 45 99",
          country_code: "SE",
          password: SEED_PASSWORD,
          confirmPassword: SEED_PASSWORD,
          "billing_address[0].street_address": "Storgatan 1",
          "billing_address[0].postal_code": "111 22",
          "billing_address[0].city": "Stockholm",
          "billing_address[0].country": "SE",
          same_as_billing: "on",
          terms_accepted: "on",
        }),
        params: {},
        context: {},
      }),
    )) as { data: { confirmEmail: string | null }; init: { headers?: HeadersInit } | null };
    browser.keep(new Response(null, { headers: answer.init?.headers }));
    expect(answer.data.confirmEmail).toBe(email);
  }

  it("opened in another browser: the token waits in the login page's cookie for the password", async () => {
    const login = await import("./login/route");
    const email = `lank.${Date.now()}@example.test`;
    await signUp(new Browser(), email);
    const link = await linkTo(email, "/login/");
    const token = tokenOf(link);

    const other = new Browser();
    const moved = await firstAnswer(login.loader, other, `${link}&redirectTo=%2Fcart`);
    expectTokenMovedToCookie(moved, {
      token,
      cookie: "kassa_verify_token",
      path: "/login",
      maxAge: "600",
    });
    expect(moved.headers.get("Location")).toBe("/login/?redirectTo=%2Fcart");

    const page = await openLink(other, link, login.loader);
    expect(page.data).toMatchObject({
      verification: { status: "password required" },
      awaitingPassword: true,
    });
    expect(JSON.stringify(page)).not.toContain(token);

    // The form posts no token; the password confirms the link from the cookie and logs in.
    const confirmed = (await settle(() =>
      login.action({
        request: other.form("/login", {
          intent: "confirm-email",
          email,
          password: SEED_PASSWORD,
          redirectTo: "",
        }),
        params: {},
        context: {},
      }),
    )) as Response;
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe("/my-account/overview/");
    expect(cookieLine(confirmed, "kassa_verify_token")).toMatchObject({ "max-age": "0" });
  });

  it("opened where the signup was made: confirmed at once, and the cookie goes", async () => {
    const login = await import("./login/route");
    const email = `samma.${Date.now()}@example.test`;
    const browser = new Browser();
    await signUp(browser, email);
    const link = await linkTo(email, "/login/");
    const moved = await firstAnswer(login.loader, browser, link);
    expect(moved.headers.get("Location")).toBe("/login/");
    browser.keep(moved);
    const page = (await login.loader({
      request: browser.request("/login/"),
      params: {},
      context: {},
    })) as unknown as { data: { verification: { status: string } }; init: ResponseInit };
    expect(page.data.verification.status).toBe("success");
    const set = cookieLine(
      new Response(null, { headers: page.init.headers }),
      "kassa_verify_token",
    );
    expect(set).toMatchObject({ "max-age": "0" });
  });
});

describe("the newsletter's links", () => {
  it("take the token out of the address, under /newsletter only", async () => {
    const confirm = await import("./newsletter_.confirm/route");
    const unsubscribe = await import("./newsletter_.unsubscribe/route");
    const confirmed = await firstAnswer(
      confirm.loader,
      new Browser(),
      "/newsletter/confirm?token=x&lng=en",
    );
    expectTokenMovedToCookie(confirmed, {
      token: "x",
      cookie: "kassa_newsletter_confirm_token",
      path: "/newsletter",
      maxAge: "120",
    });
    expect(confirmed.headers.get("Location")).toBe("/newsletter/confirm?lng=en");
    const asked = await firstAnswer(
      unsubscribe.loader,
      new Browser(),
      "/newsletter/unsubscribe?token=y",
    );
    expectTokenMovedToCookie(asked, {
      token: "y",
      cookie: "kassa_newsletter_unsubscribe_token",
      path: "/newsletter",
      maxAge: "600",
    });
    expect(asked.headers.get("Location")).toBe("/newsletter/unsubscribe");
  });
});
