import { SEED_FIXTURES } from "@kassa/platform/testing";
import { expect, type Locator, type Page } from "@playwright/test";
import { CONSENT_VERSION } from "../../app/modules/analytics/consent-version";
import { E2E_STOREFRONT_TOKEN } from "../../playwright.config";

export { SEED_FIXTURES };

/** A toast, shown as a Radix toast with JavaScript and as a flash alert without. */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** Adds the shown variant and waits until the shop has answered (with or without JavaScript). */
export async function addToCart(page: Page, quantity = 1) {
  const input = page.getByLabel(/^(Antal|Määrä|Quantity)$/);
  await input.fill(String(quantity));
  await submitAndSettle(
    page,
    page.getByRole("button", { name: /Lägg i varukorgen|Lisää ostoskoriin|Add to cart/ }),
  );
}

/** Clicks a submit button and waits for the post and the page it leads to. */
export async function submitAndSettle(page: Page, button: Locator) {
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await button.click();
  await posted;
  await page.waitForLoadState("load");
  // With JavaScript the redirect is followed by a revalidation; wait until it is done.
  await page.waitForFunction(() => !document.querySelector("[aria-busy=true]")).catch(() => {});
}

/**
 * Waits until no cart line is saving: for the busy line (C§2) a line's buttons ignore presses, as
 * a person sees by the dimmed line. Without JavaScript no line is ever busy.
 */
export async function cartLinesSettled(page: Page) {
  await expect(page.getByTestId("cart-lines").locator("li[aria-busy]")).toHaveCount(0);
}

/** The quantity a cart line's stepper shows (its text includes a visually hidden label). */
export function lineQuantity(page: Page, index = 0) {
  return page.getByTestId("cart-lines").locator("output").nth(index);
}

export function cartLink(page: Page) {
  return page.getByTestId("cart-link");
}

/**
 * Chooses a market in the header's selector (a `<details>` menu; works without JavaScript), and
 * waits for the shop's answer: a test that went on to another page at once could cut the post off
 * and stay in the old market (the Adyen checkout failed so, once, on a loaded machine).
 */
export async function chooseMarket(page: Page, marketName: string) {
  await page.locator("summary", { hasText: /SEK|EUR/ }).click();
  await submitAndSettle(page, page.getByRole("button", { name: new RegExp(marketName) }));
}

export const platformURL = `http://localhost:${process.env.E2E_PLATFORM_PORT ?? 4100}`;

/**
 * The article number of the simple fixture, as the catalogue has it: the same in every store
 * group, so read in the public one, which needs no storefront token (ADR 0048).
 */
export async function simpleSku(): Promise<string> {
  const response = await fetch(`${platformURL}/enad/get-product-by-slug/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      storeGroupSlug: "default",
      market: "SE",
      language: "sv",
      slug: SEED_FIXTURES.simple.slug,
    }),
  });
  const { data } = (await response.json()) as { data: { variants: { sku: string }[] } };
  const sku = data.variants[0]?.sku;
  if (!sku) throw new Error("the simple fixture has no SKU");
  return sku;
}

/** The newest mail to `to` in the platform's outbox (`/dev/mail.json`), waiting for it to arrive. */
export async function latestMail(to: string, subject?: RegExp) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${platformURL}/dev/mail.json?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as {
      to: string;
      subject: string;
      text: string;
      html: string;
      headers: Record<string, string>;
    }[];
    const mail = mails.find((candidate) => !subject || subject.test(candidate.subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to}`);
}

/** Every mail to `to`, newest first. */
export async function mailsTo(to: string) {
  const response = await fetch(`${platformURL}/dev/mail.json?to=${encodeURIComponent(to)}`);
  return (await response.json()) as { to: string; subject: string; text: string }[];
}

/** The first link in a mail that leads to `path` on the storefront. */
export function linkIn(mail: { text: string }, path: string): string {
  const match = mail.text.match(
    new RegExp(`https?://[^\\s"<>]*${path.replace(/\//g, "\\/")}[^\\s"<>]*`),
  );
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** An email address no other test (or project) uses. */
export function uniqueEmail(prefix: string, project: string) {
  return `${prefix}.${project}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
}

export const DEMO_PASSWORD = "Kassa12345!";

/**
 * Logs in through the login page, as a person does: for the specs whose subject is the login
 * (accounts, login-cart, logout, cross-site). Everywhere else use {@link logInByPost}.
 */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-postadress", { exact: true }).fill(email);
  await page.getByLabel("Lösenord", { exact: true }).fill(password);
  await submitAndSettle(page, page.getByRole("button", { name: "Logga in" }).last());
}

/**
 * Logs in for a test whose subject is not the login: posts the storefront's own login form (the
 * post a browser without JavaScript makes) through `page.request`, which shares the page's cookie
 * jar, so the session cookies the storefront signs land in the browser as after a real login,
 * cart and market included. It saves the login page's render and hydration and the overview page
 * the login leads to (about a second, twice per test with JavaScript). A successful login takes
 * back its count against the platform's per-address limit of failed logins, so many of them in
 * one run are never refused.
 */
export async function logInByPost(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post("/login", {
    form: { intent: "log-in", email, password },
    maxRedirects: 0,
  });
  // A refused login answers the form again (400/429); only a login redirects.
  expect(response.status(), `log in ${email}: ${response.statusText()}`).toBe(303);
  expect(response.headers().location).toMatch(/\/my-account\/overview\/$/);
}

/**
 * A signup made straight at the platform, as someone outside this browser would: without the
 * shop's token, so the platform keeps it `pending` (ADR 0048), which confirming does not change.
 * `{ byTheShop: true }` sends the shop's token: a signup made in the shop on another device, which
 * is `active` as the shop's own setting says.
 */
export async function platformSignup(
  email: string,
  password: string,
  { byTheShop = false }: { byTheShop?: boolean } = {},
) {
  return fetch(`${platformURL}/enad/signup/`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(byTheShop ? { "Kassa-Storefront-Token": E2E_STOREFRONT_TOKEN } : {}),
    },
    body: JSON.stringify({
      first_name: "Främling",
      last_name: "Okänd",
      email,
      password,
      phone_number: "+46700000000",
    }),
  });
}

/** Fills the consumer part of the signup form. */
export async function fillSignup(
  page: Page,
  fields: { firstName: string; lastName: string; email: string; password: string; phone: string },
) {
  await page.getByLabel("Förnamn").fill(fields.firstName);
  await page.getByLabel("Efternamn").fill(fields.lastName);
  await page.getByLabel("E-postadress", { exact: true }).fill(fields.email);
  await page.getByLabel("Mobilnummer").fill(fields.phone);
  await page.getByLabel("Lösenord", { exact: true }).fill(fields.password);
  await page.getByLabel("Bekräfta lösenord").fill(fields.password);
  const billing = page.getByRole("group", { name: "Faktureringsadress" });
  await billing.getByLabel("Gatuadress").fill("Storgatan 1");
  await billing.getByLabel("Postnummer").fill("111 22");
  await billing.getByLabel("Ort").fill("Stockholm");
  await page.getByLabel(/Jag har läst och godkänner/).check();
}

/**
 * Holds the posts to `url` back until `releaseAfter`'s assertion has passed (or failed), so a
 * test can see a busy state for as long as it needs to and not a moment longer.
 */
export async function holdPosts(page: Page, url: string) {
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  await page.route(url, async (route) => {
    if (route.request().method() === "POST") await released;
    await route.continue();
  });
  return {
    async releaseAfter(assertion: Promise<unknown>) {
      try {
        await assertion;
      } finally {
        release();
      }
    },
  };
}

/**
 * A browser that has already made its cookie choice (rejected all, for the current consent
 * version): its pages show no banner. For specs about a page as it is used after the first visit;
 * the banner itself is analytics.spec.ts's subject.
 */
export async function withCookieChoiceMade(page: Page, url: string) {
  await page
    .context()
    .addCookies([{ name: "kassa_consent", value: `${CONSENT_VERSION}.0.0.20260101`, url }]);
}

/** Once scripts run, the header's wishlist is a button: the page is hydrated. */
export async function expectHydrated(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: /^Önskelista/ })).toBeVisible();
}
