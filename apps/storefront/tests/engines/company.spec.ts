import { writeFile } from "node:fs/promises";
import { createManagementClient } from "@kassa/api-client";
import {
  DEVELOPMENT_OAUTH_CLIENT,
  SEED_FIXTURES,
  SEED_ORDERS,
  SEED_PRINT_FILES,
} from "@kassa/platform/testing";
import { platformURL, simpleSku } from "../e2e/support";
import { test } from "./fixtures";
import { addToCart, cartCount, chooseCookies, logIn, ready, toCheckout } from "./shopper";
import type { Tab } from "./tab";

/**
 * What a company's people do, in every engine: an agent chooses the company and contact person
 * on the checkout's customer card, a buyer asks for a change to an order awaiting them, a buyer
 * orders by article number, an administrator uploads a print file. The three projects share one
 * platform in a run: each decides on an order of its own and names its file by itself; carts that
 * outlive a test (an account's) are counted from what they held.
 */

const AGENT = "agent@kassa.test";
const BUYER = "inkopare@nordtrade.test";
const ADMIN = "admin@nordtrade.test";

/** A picker of the customer card (company or contact): opened, searched, a row chosen. */
async function choose(
  tab: Tab,
  picker: "card-company" | "card-contact",
  change: string,
  searchLabel: string,
  search: string,
  row: RegExp,
) {
  const inPicker = { testId: picker };
  await tab.click({ role: "button", name: change, in: inPicker });
  await tab.fill({ label: searchLabel, in: inPicker }, search);
  // With scripts the list follows the typing; without, the search is a GET form.
  if (!tab.javaScriptEnabled) await tab.click({ role: "button", name: "Sök", in: inPicker });
  await tab.click({ role: "button", name: row, in: { testId: "customer-card" } });
}

test("an agent chooses the company and the contact person on the checkout's card", async ({
  tab,
}) => {
  await logIn(tab, AGENT);
  await tab.goto(`/sv-se/produkt/${SEED_FIXTURES.simple.slug}`);
  await chooseCookies(tab);
  await ready(tab);
  // The agent's cart is theirs across tests: one more than it held.
  await addToCart(tab, 1, (await cartCount(tab)) + 1);
  await toCheckout(tab);
  await tab.expectVisible({ role: "heading", name: "Kunduppgifter" });

  await choose(tab, "card-company", "Byt företag", "Sök företag", "Fjällhandel", /^Fjällhandel Oy/);
  await tab.expectText({ testId: "card-company-chosen" }, "Fjällhandel Oy");
  // A§4: its default addresses come with it.
  await tab.expectText({ testId: "card-billing-details" }, "Aleksanterinkatu");

  await choose(tab, "card-contact", "Byt kontaktperson", "Sök användare", "ostaja@", /^Onni Laine/);
  await tab.expectText({ testId: "card-contact-chosen" }, "Onni Laine");
  await tab.expectUrl(/\/checkout/);
});

/** The back office, as a real one moves an order along (OAuth2 client credentials). */
const backOffice = createManagementClient({
  baseUrl: platformURL,
  clientId: DEVELOPMENT_OAUTH_CLIENT.id,
  clientSecret: DEVELOPMENT_OAUTH_CLIENT.secret,
});

/** Each project's own seeded order to decide on (the run's platform is fresh). */
const DECISION_SLOT = { webkit: 0, "firefox-js-enabled": 1, "firefox-js-disabled": 2 } as const;

test("a buyer asks for a change to an order awaiting their decision", async ({ tab }, testInfo) => {
  const slot = DECISION_SLOT[testInfo.project.name as keyof typeof DECISION_SLOT] ?? 3;
  const orderId = SEED_ORDERS.reservedForDecisions[slot] as string;
  await backOffice.addCustomState(orderId, "awaiting_customer_action");

  await logIn(tab, BUYER);
  await tab.goto(`/my-account/orders/${orderId}`);
  await ready(tab);
  await tab.expectVisible({ text: "Väntar på kundens beslut" });
  // With scripts a dialog; without, a section of the page the link leads to.
  const prompt = tab.javaScriptEnabled
    ? ({ role: "dialog", name: "Begär ändring" } as const)
    : ({ testId: "request-change-section" } as const);
  await tab.click({
    role: tab.javaScriptEnabled ? "button" : "link",
    name: "Begär ändring",
    in: { testId: "order-decisions" },
  });
  await tab.fill({ label: "Önskad ändring", in: prompt }, "Storlek L i stället för M, tack.");
  await tab.click({ role: "button", name: "Begär ändring", in: prompt });
  await tab.expectVisible({ text: "Ändring av order begärd!" });
  await tab.expectText({ testId: "order-notes" }, "Storlek L i stället för M, tack.");
  await tab.expectVisible({ testId: "order-decisions" });
});

test("a company buyer orders by article number", async ({ tab }) => {
  const sku = await simpleSku();
  await logIn(tab, ADMIN);
  await tab.goto("/my-account/quick-order/");
  await ready(tab);
  await tab.expectVisible({ role: "heading", name: "Snabbeställning" });
  await tab.fill({ label: "Artikelnummer och antal" }, `${sku}, 2\nNO-SUCH-ARTICLE`);
  // With scripts the lines are checked as typed; without, by the button.
  if (!tab.javaScriptEnabled) await tab.click({ role: "button", name: "Kontrollera rader" });
  await tab.expectText({ testId: "quick-order-summary" }, "1 av 2 rader kan läggas till.");
  await tab.expectText({ testId: "quick-order-status" }, "Kan läggas till");

  await tab.click({ role: "button", name: "Lägg alla giltiga rader i varukorgen" });
  await tab.expectVisible({ text: "1 rad lades i varukorgen" });
  // The line that was not added stays, to correct.
  await tab.expectText({ label: "Artikelnummer och antal" }, "NO-SUCH-ARTICLE");
  await tab.expectText({ testId: "quick-order-status" }, "Okänt artikelnummer");
  await tab.goto("/cart");
  await tab.expectText({ testId: "cart-lines" }, "Emaljmugg Koli");
});

/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("an administrator uploads a print file", async ({ tab }, testInfo) => {
  // A name of this project's and run's own: the company refuses a file it already has.
  const name = `engines-logo-${testInfo.project.name}-${Date.now()}.png`;
  const file = testInfo.outputPath(name);
  await writeFile(file, PNG);

  await logIn(tab, ADMIN);
  await tab.goto(`/my-account/company/?company=${SEED_PRINT_FILES.companyId}&tab=media`);
  await ready(tab);
  const card = { testId: "print-files" } as const;
  await tab.expectVisible({ role: "heading", name: "Tryckfiler", in: card });
  await tab.upload({ label: "Välj filer", in: card }, file);
  // With scripts the file goes as soon as it is chosen; without, the form is posted.
  if (!tab.javaScriptEnabled) await tab.click({ role: "button", name: "Ladda upp", in: card });
  await tab.expectVisible({ text: "Filen har laddats upp" });
  await tab.expectVisible({ text: name, in: { testId: "print-file" } });
});
