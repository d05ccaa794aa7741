import { createManagementClient } from "@kassa/api-client";
import { DEVELOPMENT_OAUTH_CLIENT, SEED_ORDERS } from "@kassa/platform/testing";
import { axeViolations } from "./accessibility";
import { expect, type Page, type TestInfo, test } from "./fixtures";
import { expectToast, latestMail, logInByPost, platformURL, submitAndSettle } from "./support";

/**
 * The account area's orders (C§2, C§4, C§6): a company buyer finds an order and decides on it,
 * with JavaScript on (dialogs, toasts) and off (page sections, flash messages); the agent hears
 * of it by mail; nobody opens another company's order.
 */

const BUYER = "inkopare@nordtrade.test";
const AGENT = "agent@kassa.test";

/** The back office, as a real one would move an order along (OAuth2 client credentials). */
const backOffice = createManagementClient({
  baseUrl: platformURL,
  clientId: DEVELOPMENT_OAUTH_CLIENT.id,
  clientSecret: DEVELOPMENT_OAUTH_CLIENT.secret,
});

/**
 * The seeded orders kept for these tests: each project (JavaScript on, off) decides on its own
 * half, one order per test, so the projects running side by side never meet.
 */
function reservedOrder(testInfo: TestInfo, slot: number): string {
  const half = SEED_ORDERS.reservedForDecisions.length / 2;
  const offset = testInfo.project.name === "js-enabled" ? 0 : half;
  const id = SEED_ORDERS.reservedForDecisions[offset + slot];
  if (!id || slot >= half) throw new Error(`no reserved order in slot ${slot}`);
  return id;
}

/** The back office asks the company to decide (C§4); answers the order's number. */
async function askCustomer(orderId: string): Promise<string> {
  await backOffice.addCustomState(orderId, "awaiting_customer_action");
  return (await backOffice.getOrder(orderId)).reference;
}

async function expectAccessible(page: Page, js: boolean) {
  if (!js) return; // axe runs in the page; the markup is the same server render without.
  const found = await axeViolations(page, { include: "main" });
  expect(found).toEqual([]);
}

/** From the list, by searching the order's number, to its page. */
async function openFromList(page: Page, reference: string) {
  await page.goto("/my-account/orders/");
  await page.getByLabel("Sök ordernummer").fill(reference);
  await page.getByRole("button", { name: "Visa", exact: true }).click();
  await expect(page.getByTestId("order-row")).toHaveCount(1);
  await page.getByRole("link", { name: `Visa order ${reference}` }).click();
  await expect(page.getByRole("heading", { name: `Order ${reference}`, level: 1 })).toBeVisible();
}

function decisions(page: Page) {
  return page.getByTestId("order-decisions");
}

test("a buyer lists, filters and searches their company's orders", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await logInByPost(page, BUYER);
  await page.goto("/my-account/overview/");
  await page.getByRole("link", { name: "Mina beställningar" }).click();
  await expect(page).toHaveURL(/\/my-account\/orders\/$/);
  await expect(page.getByRole("heading", { name: "Mina beställningar", level: 1 })).toBeVisible();
  // The seed's orders, and any the checkout tests placed for the company meanwhile.
  const count = page.getByTestId("order-count");
  await expect(count).toContainText(/^\d+ beställningar · Sida 1 av \d+$/);
  const total = Number((await count.textContent())?.match(/^\d+/)?.[0]);
  expect(total).toBeGreaterThanOrEqual(SEED_ORDERS.byOrganisation.nordtrade);
  // One organisation: no company filter (C§2).
  await expect(page.getByLabel("Företag", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("order-row")).toHaveCount(20);
  await expect(page.getByTestId("order-row").first()).toContainText(
    /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/,
  );
  await expectAccessible(page, js);

  // The status filter: with JavaScript it applies as it changes; without, by the button.
  await page.getByLabel("Status").selectOption({ label: "Avböjda" });
  if (!js) await page.getByRole("button", { name: "Visa", exact: true }).click();
  await expect(page).toHaveURL(/status=CANCELLED/);
  // Retried until the filtered list is shown: the URL changes a moment before the rows do, and a
  // list read in that moment is the previous one (a fast page made that moment count).
  await expect(page.getByTestId("order-row").first()).toBeVisible();
  await expect(page.getByTestId("order-row").filter({ hasNotText: "Avböjd" })).toHaveCount(0);

  // Page 2 keeps the filter; the URL can be bookmarked.
  await page.goto("/my-account/orders/?status=ALL&page=2");
  await expect(page.getByTestId("order-count")).toContainText("Sida 2 av");
  await page.getByRole("link", { name: "Föregående" }).click();
  await expect(page.getByTestId("order-count")).toContainText("Sida 1 av");

  // The hint says what the search finds (numbers from their start, ADR 0047), and a search
  // that matches nothing says so.
  await expect(page.getByText("Numret eller dess första siffror.")).toBeVisible();
  await page.getByLabel("Sök ordernummer").fill("999999");
  await page.getByRole("button", { name: "Visa", exact: true }).click();
  await expect(page.getByText("Inga beställningar matchar filtret.")).toBeVisible();
});

test("a buyer approves an order awaiting them, and the agent is told", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  const orderId = reservedOrder(testInfo, 0);
  const reference = await askCustomer(orderId);
  await logInByPost(page, BUYER);
  await openFromList(page, reference);
  await expect(page.getByText("Väntar på kundens beslut").first()).toBeVisible();
  await expectAccessible(page, js);

  await submitAndSettle(page, decisions(page).getByRole("button", { name: "Godkänn" }));
  await expectToast(page, "Order godkänd!");
  await expect(page.getByText("Godkänd av kund").first()).toBeVisible();
  await expect(decisions(page)).toHaveCount(0);
  await expect(page.getByTestId("order-history")).toContainText("Godkänd av kund");

  const mail = await latestMail(AGENT, new RegExp(`Order ${reference}: .* har godkänt ordern`));
  expect(mail.text).toContain(`/my-account/orders/${orderId}`);
});

test("a buyer declines with a reason: the reason is a note, and the agent reads it", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  const orderId = reservedOrder(testInfo, 1);
  const reference = await askCustomer(orderId);
  await logInByPost(page, BUYER);
  await page.goto(`/my-account/orders/${orderId}`);

  const prompt = await openDecline(page, js);
  await expect(prompt.getByText("Ange en anledning till att du avböjer ordern.")).toBeVisible();
  const reason = prompt.getByLabel("Anledning");
  await expect(reason).toHaveAttribute("rows", "4");
  await expect(reason).toHaveAttribute("placeholder", "Skriv varför du avböjer ordern...");
  await expectAccessible(page, js);
  await reason.fill("Fel storlekar, vi beställer om.");
  await submitAndSettle(page, prompt.getByRole("button", { name: "Avböj order" }));

  await expectToast(page, "Order avböjd!");
  await expect(page.getByText("Avböjd av kund").first()).toBeVisible();
  await expect(page.getByTestId("order-notes")).toContainText("Fel storlekar, vi beställer om.");
  const mail = await latestMail(AGENT, new RegExp(`Order ${reference}: .* har avböjt ordern`));
  expect(mail.text).toContain("Fel storlekar, vi beställer om.");
});

test("a buyer declines without a reason: no note", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  const orderId = reservedOrder(testInfo, 2);
  await askCustomer(orderId);
  await logInByPost(page, BUYER);
  await page.goto(`/my-account/orders/${orderId}`);
  const prompt = await openDecline(page, js);
  await submitAndSettle(page, prompt.getByRole("button", { name: "Avböj order" }));
  await expectToast(page, "Order avböjd!");
  await expect(page.getByText("Avböjd av kund").first()).toBeVisible();
  await expect(page.getByTestId("order-notes")).toContainText("Inga anteckningar.");
});

test("a buyer requests a change: it needs a text, becomes a note, and the order still awaits", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  const orderId = reservedOrder(testInfo, 3);
  const reference = await askCustomer(orderId);
  await logInByPost(page, BUYER);
  await page.goto(`/my-account/orders/${orderId}`);

  let prompt = await openRequestChange(page, js);
  // Refused with its own message: in the page with JavaScript, by the server without.
  const send = prompt.getByRole("button", { name: "Begär ändring" });
  if (js) await send.click();
  else await submitAndSettle(page, send);
  prompt = js ? page.getByRole("dialog") : page.getByTestId("request-change-section");
  await expect(prompt.getByText("Beskriv ändringen du vill ha.")).toBeVisible();

  await prompt.getByLabel("Önskad ändring").fill("Storlek L i stället för M, tack.");
  await submitAndSettle(page, prompt.getByRole("button", { name: "Begär ändring" }));
  await expectToast(page, "Ändring av order begärd!");
  // The answer closes the dialog (it hid the page from assistive technology while open).
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("order-notes")).toContainText("Storlek L i stället för M, tack.");
  await expect(page.getByText("Väntar på kundens beslut").first()).toBeVisible();
  await expect(decisions(page)).toBeVisible();
  const mail = await latestMail(AGENT, new RegExp(`Order ${reference}: .* vill ändra ordern`));
  expect(mail.text).toContain("Storlek L i stället för M, tack.");
});

test("the agent sees the company's order but cannot decide for it (C§6)", async ({
  page,
}, testInfo) => {
  const orderId = reservedOrder(testInfo, 4);
  await askCustomer(orderId);
  await logInByPost(page, AGENT);
  await page.goto(`/my-account/orders/${orderId}`);
  await expect(page.getByText("Väntar på kundens beslut").first()).toBeVisible();
  await expect(decisions(page)).toHaveCount(0);
  // Two companies: the list has the company filter.
  await page.goto("/my-account/orders/");
  await expect(page.getByLabel("Företag", { exact: true })).toBeVisible();
});

test("a customer of another company gets 404 on the order's URL", async ({ page }) => {
  const orderId = SEED_ORDERS.reservedForDecisions[0] as string;
  await logInByPost(page, "ostaja@fjallhandel.test");
  const response = await page.goto(`/my-account/orders/${orderId}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText(/Tilausta ei ole|Beställningen finns inte/)).toBeVisible();
  await expect(page.getByText("Nordtrade")).toHaveCount(0);
});

for (const language of ["fi", "en"] as const) {
  test(`the order pages in ${language} pass axe and name everything in ${language}`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === "js-disabled", "axe runs as a script in the page");
    await logInByPost(page, BUYER);
    await page.goto(`/my-account/orders/?lng=${language}`);
    const title = language === "fi" ? "Tilaukseni" : "My orders";
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expectAccessible(page, true);
    await page.getByTestId("order-row").first().getByRole("link").click();
    await expect(page.getByTestId("order-history")).toBeVisible();
    await expectAccessible(page, true);
  });
}

async function openDecline(page: Page, js: boolean) {
  if (js) {
    await decisions(page).getByRole("button", { name: "Avböj" }).click();
    return page.getByRole("dialog", { name: "Avböj order" });
  }
  await decisions(page).getByRole("link", { name: "Avböj" }).click();
  return page.getByTestId("decline-section");
}

async function openRequestChange(page: Page, js: boolean) {
  if (js) {
    await decisions(page).getByRole("button", { name: "Begär ändring" }).click();
    return page.getByRole("dialog", { name: "Begär ändring" });
  }
  await decisions(page).getByRole("link", { name: "Begär ändring" }).click();
  return page.getByTestId("request-change-section");
}
