import { axeViolations } from "./accessibility";
import { cartWith, payInWidget, toCheckout } from "./checkout-support";
import { expect, type Locator, type Page, test } from "./fixtures";
import { logInByPost, SEED_FIXTURES, submitAndSettle } from "./support";

/**
 * The customer-information card (A§2, A§4) in the cart and at the checkout: an agent chooses the
 * company, the contact person and a new shipping address, pays in the sandbox, and finds the order
 * placed by them for the company with the contact's reference. With JavaScript on (fetchers, the
 * 400 ms search, tabs in place) and off (GET forms, links, plain posts). Both projects share one
 * platform: nothing here counts orders or depends on another test's choice.
 */

const AGENT = "agent@kassa.test";

async function expectAccessible(page: Page, js: boolean) {
  if (!js) return; // axe runs in the page; the markup is the same server render without.
  const found = await axeViolations(page, {
    include: "main",
    exclude: ['[data-testid="payment-provider"]'],
  });
  expect(found).toEqual([]);
}

function card(page: Page) {
  return page.getByTestId("customer-card");
}

/** Searches a picker's list: with JavaScript by typing (400 ms later), without by its button. */
async function search(page: Page, picker: Locator, label: string, text: string, js: boolean) {
  await picker.getByRole("searchbox", { name: label }).fill(text);
  if (!js) {
    await picker.getByRole("button", { name: /^(Sök|Hae|Search)$/ }).click();
    await page.waitForLoadState("load");
  }
}

test("an agent orders for a company through the card, and the order is the company's", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await logInByPost(page, AGENT);
  await cartWith(page, SEED_FIXTURES.simple.slug, 1);
  await page.goto("/cart");
  await expect(card(page).getByRole("heading", { name: "Kunduppgifter" })).toBeVisible();
  await expectAccessible(page, js);

  // The company: searched and chosen.
  const company = card(page).getByTestId("card-company");
  await company.getByText("Byt företag").click();
  await search(page, card(page).getByTestId("card-company"), "Sök företag", "Fjällhandel", js);
  const fjallhandel = card(page).getByRole("button", { name: /^Fjällhandel Oy/ });
  await expect(fjallhandel).toBeVisible();
  await expect(card(page).getByRole("button", { name: /^Nordtrade AB/ })).toHaveCount(0);
  await submitAndSettle(page, fjallhandel);
  await expect(card(page).getByTestId("card-company-chosen")).toContainText("Fjällhandel Oy");
  // A§4: its default addresses come with it.
  await expect(card(page).getByTestId("card-billing-details")).toContainText("Aleksanterinkatu");

  // The contact person: one of the company's customers.
  const contact = card(page).getByTestId("card-contact");
  await contact.getByText("Byt kontaktperson").click();
  await search(page, card(page).getByTestId("card-contact"), "Sök användare", "ostaja@", js);
  const buyer = card(page).getByRole("button", { name: /^Onni Laine/ });
  await expect(buyer).toBeVisible();
  await submitAndSettle(page, buyer);
  await expect(card(page).getByTestId("card-contact-chosen")).toContainText("Onni Laine");

  // A new shipping address: refused while a field is missing, then used.
  const shipping = () => card(page).getByTestId("card-shipping");
  await shipping().getByRole("link", { name: "Ny adress" }).click();
  const form = shipping().getByTestId("card-shipping-new-form");
  await form.getByLabel("Gatuadress", { exact: true }).fill("Työmaantie 4");
  await form.getByLabel("Postnummer", { exact: true }).fill("02150");
  await form.getByLabel("Ort", { exact: true }).fill("Espoo");
  await form.getByLabel("Land", { exact: true }).selectOption("FI");
  // With JavaScript the form checks itself and is not posted; without, the server answers it.
  const useAddress = form.getByRole("button", { name: "Använd adressen" });
  if (js) await useAddress.click();
  else await submitAndSettle(page, useAddress);
  await expect(shipping().getByText("Län/region krävs")).toBeVisible();
  await shipping().getByLabel("Län/region").fill("Uusimaa");
  await submitAndSettle(page, shipping().getByRole("button", { name: "Använd adressen" }));
  await expect(shipping().getByText("Län/region krävs")).toHaveCount(0);
  await expect(shipping().getByLabel("Gatuadress")).toHaveValue("Työmaantie 4");
  await expect(shipping().getByRole("link", { name: "Ny adress" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expectAccessible(page, js);

  // The checkout shows the same card and pays for it.
  await toCheckout(page);
  await expect(card(page).getByTestId("card-company-chosen")).toContainText("Fjällhandel Oy");
  await expect(card(page).getByTestId("card-contact-chosen")).toContainText("Onni Laine");
  await expectAccessible(page, js);
  await payInWidget(page, js);
  await expect(page).toHaveURL(/\/checkout\/confirmation/);
  const reference = (await page.getByTestId("order-number").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^\d{6}$/);

  // The order: the agent placed it for the company; the reference names the contact person.
  await page.goto("/my-account/orders/");
  await page.getByLabel("Sök ordernummer").fill(reference);
  await page.getByRole("button", { name: "Visa", exact: true }).click();
  await expect(page.getByTestId("order-row")).toHaveCount(1);
  await page.getByRole("link", { name: `Visa order ${reference}` }).click();
  await expect(page.getByRole("heading", { name: `Order ${reference}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("order-reference")).toHaveText("Er referens: Onni Laine");
  await expect(page.getByTestId("order-history")).toContainText(
    "Axel Lund (agent) för Fjällhandel Oy",
  );
  await expect(page.getByText("Työmaantie 4")).toBeVisible();
});

test("the card works from the keyboard", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await logInByPost(page, AGENT);
  await cartWith(page, SEED_FIXTURES.simple.slug, 1);
  await page.goto("/cart");
  const summary = card(page).getByText("Byt företag");
  await summary.focus();
  await page.keyboard.press("Enter");
  const searchBox = card(page).getByRole("searchbox", { name: "Sök företag" });
  await expect(searchBox).toBeVisible();
  await searchBox.focus();
  await page.keyboard.type("Skärgård");
  if (js) {
    await expect(card(page).getByRole("button", { name: /^Nordtrade AB/ })).toHaveCount(0);
  } else {
    await page.keyboard.press("Enter");
    await page.waitForLoadState("load");
  }
  const skargard = card(page).getByRole("button", { name: /^Skärgårdsbolaget AB/ });
  await skargard.focus();
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await page.keyboard.press("Enter");
  await posted;
  await page.waitForLoadState("load");
  await expect(card(page).getByTestId("card-company-chosen")).toContainText("Skärgårdsbolaget");

  // The tabs are links: Enter opens the new-address form.
  const tab = card(page).getByTestId("card-billing").getByRole("link", { name: "Ny adress" });
  await tab.focus();
  await page.keyboard.press("Enter");
  await expect(card(page).getByTestId("card-billing-new-form")).toBeVisible();
});

for (const [language, title, company] of [
  ["fi", "Asiakastiedot", "Yritys"],
  ["en", "Customer information", "Company"],
] as const) {
  test(`the card reads in ${language} and passes axe`, async ({ page }, testInfo) => {
    const js = testInfo.project.name === "js-enabled";
    test.skip(!js, "axe runs in the page; the markup is the same without JavaScript");
    await logInByPost(page, AGENT);
    await cartWith(page, SEED_FIXTURES.simple.slug, 1);
    await page.goto(`/cart?lng=${language}&billing_tab=new`);
    await expect(card(page).getByRole("heading", { name: title, level: 2 })).toBeVisible();
    await expect(card(page).getByRole("heading", { name: company, level: 3 })).toBeVisible();
    await expectAccessible(page, js);
  });
}
