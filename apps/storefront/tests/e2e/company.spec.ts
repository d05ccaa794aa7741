import { SEED_COMPANIES, SEED_ORGANISATIONS, SEED_USERS } from "@kassa/platform/testing";
import { axeViolations } from "./accessibility";
import { expect, type Page, type TestInfo, test } from "./fixtures";
import { expectHydrated, expectToast, logInByPost, submitAndSettle } from "./support";

/**
 * The company information screen (A§2, A§4–A§6, A§8) as people use it, with JavaScript on
 * (debounced searches, addresses added in the page, a confirmation dialog, a message that goes
 * after 5 s) and off (GET forms, round trips that keep what was typed, a confirmation section).
 *
 * Both projects run side by side against one platform, and a save replaces a company's fields and
 * addresses: so each project saves its own company and removes its own user.
 */

const ADMIN = SEED_USERS.companyAdmin;
const BUYER = SEED_USERS.companyBuyer;
const SUPER_ADMIN = SEED_USERS.superAdmin;

async function expectAccessible(page: Page, js: boolean) {
  if (!js) return; // axe runs in the page; the markup is the same server render without.
  const found = await axeViolations(page);
  expect(found).toEqual([]);
}

const isJs = (testInfo: TestInfo) => testInfo.project.name === "js-enabled";

/** The company screen with a super admin's search, which selects its only match (A§4). */
const searched = (name: string) => `/my-account/company/?q=${encodeURIComponent(name)}`;

/** A stored number (+46…) as a person types it at home (0…), for the A§5 normalisation. */
function typedAtHome(stored: string): string {
  if (stored.startsWith("+46")) return `0${stored.slice(3, 5)}-${stored.slice(5)}`;
  if (stored.startsWith("+358")) return `0${stored.slice(4)}`;
  return stored;
}

/** A post that the browser validates first with JavaScript: only without it is there a round trip. */
async function submit(page: Page, js: boolean, button: ReturnType<Page["getByRole"]>) {
  if (js) await button.click();
  else await submitAndSettle(page, button);
}

test("an administrator edits and saves the company; mistakes show under their fields", async ({
  page,
}, testInfo) => {
  const js = isJs(testInfo);
  // Each project its own company: the admin's with JavaScript, a super admin's without.
  const company = js ? SEED_ORGANISATIONS.nordtrade : SEED_ORGANISATIONS.skargard;
  if (js) {
    // The page's clock, to move past the save message's 5 s rather than wait them out.
    await page.clock.install();
    await logInByPost(page, ADMIN.email);
    await page.goto("/my-account/overview/");
    await page.getByRole("link", { name: "Företagsinformation" }).click();
    await expect(page).toHaveURL(/\/my-account\/company\/$/);
  } else {
    await logInByPost(page, SUPER_ADMIN.email);
    await page.goto(searched(company.name));
  }
  await expect(page.getByRole("heading", { name: "Företagsinformation", level: 1 })).toBeVisible();
  // The only company (or search match) is selected at once (A§4).
  await expect(page.getByRole("heading", { name: company.name, level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Användare" })).toBeVisible();

  const details = page.getByRole("group", { name: "Företagsuppgifter" });
  const name = details.getByRole("textbox", { name: "Företagsnamn" });
  const contact = details.getByRole("textbox", { name: "Kontaktperson" });
  const email = details.getByRole("textbox", { name: "E-postadress", exact: true });
  const phone = details.getByRole("textbox", { name: "Telefonnummer" });
  const reference = details.getByRole("textbox", { name: "Extern referens" });
  // A§5: name, organisation number and VAT number are read-only; the required ones say so.
  for (const field of [name, details.getByRole("textbox", { name: "Organisationsnummer" })]) {
    await expect(field).toHaveAttribute("readonly", "");
  }
  for (const field of [name, contact, email, phone]) {
    await expect(field).toHaveAttribute("aria-required", "true");
  }
  await expect(reference).not.toHaveAttribute("aria-required", "true");
  await expectAccessible(page, js);

  const stored = {
    contact: await contact.inputValue(),
    email: await email.inputValue(),
    phone: await phone.inputValue(),
  };
  const save = page.getByRole("button", { name: "Spara ändringar" });

  // Mistakes: the A§5 messages in Swedish under their fields, nothing saved.
  await contact.fill("A");
  await email.fill("inte-en-adress");
  await submit(page, js, save);
  await expect(page.getByText("Kontaktpersonens namn måste ha minst 2 tecken")).toBeVisible();
  await expect(page.getByText("Ange en giltig e-postadress", { exact: true })).toBeVisible();
  await expect(contact).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Företagets uppgifter har sparats.")).toHaveCount(0);

  // Put right and saved: the phone typed at home comes back international (A§5).
  const newReference = `E2E-${testInfo.project.name}-${Date.now()}`;
  await contact.fill(stored.contact);
  await email.fill(stored.email);
  await phone.fill(typedAtHome(stored.phone));
  await reference.fill(newReference);
  await submitAndSettle(page, save);
  const saved = page.getByText("Företagets uppgifter har sparats.");
  await expect(saved).toBeVisible();
  await expect(reference).toHaveValue(newReference);
  await expect(phone).toHaveValue(stored.phone);
  await expect(contact).not.toHaveAttribute("aria-invalid", "true");
  // A§4: with JavaScript the message goes after 5 s; without, it stays on the answered page.
  if (js) {
    await page.clock.fastForward(5000);
    await expect(saved).toBeHidden();
  }

  await page.goto(js ? "/my-account/company/" : searched(company.name));
  await expect(reference).toHaveValue(newReference);
});

test("coming Back to the form shows the company's data again, not what was typed and left (A§4)", async ({
  page,
}, testInfo) => {
  test.skip(
    !isJs(testInfo),
    "A§4's re-reset is the page's script; without it the browser keeps what was typed",
  );
  await logInByPost(page, ADMIN.email);
  await page.goto("/my-account/company/");
  await expectHydrated(page);
  const contact = page
    .getByRole("group", { name: "Företagsuppgifter" })
    .getByRole("textbox", { name: "Kontaktperson" });
  const stored = await contact.inputValue();
  await contact.fill("Någon Annan");
  // Left without saving, by a new page load; then Back, which loads the form again.
  await page.goto("/my-account/overview/");
  await page.goBack();
  await expectHydrated(page);
  await expect(contact).toHaveValue(stored);
});

test("an administrator adds an address, saves it, then removes it again", async ({
  page,
}, testInfo) => {
  const js = isJs(testInfo);
  const company = js ? SEED_COMPANIES.inactive : SEED_COMPANIES.notCreditValid;
  await logInByPost(page, SUPER_ADMIN.email);
  await page.goto(searched(company.name));
  await expect(page.getByRole("heading", { name: company.name, level: 2 })).toBeVisible();

  const billing = page.getByRole("group", { name: "Faktureringsadresser", exact: true });
  const shipping = page.getByRole("group", { name: "Leveransadresser", exact: true });
  const addresses = billing.getByTestId("billing-address");
  const before = await addresses.count();
  // A§4: a single address cannot be removed.
  await expect(shipping.getByRole("button", { name: /^Ta bort/ })).toHaveCount(
    (await shipping.getByTestId("shipping-address").count()) > 1 ? 1 : 0,
  );

  // What was typed before adding stays (without JavaScript the page goes to the server and back).
  const reference = page.getByRole("textbox", { name: "Extern referens" });
  const typed = `E2E-${testInfo.project.name}-${Date.now()}`;
  await reference.fill(typed);
  const add = billing.getByRole("button", { name: "Lägg till faktureringsadress" });
  if (js) await add.click();
  else await submitAndSettle(page, add);
  const title = `Faktureringsadress ${before + 1}`;
  const added = billing.getByRole("group", { name: title });
  await expect(added).toBeVisible();
  await expect(addresses).toHaveCount(before + 1);
  await expect(reference).toHaveValue(typed);
  const addedName = added.getByRole("textbox", { name: "Adressens namn" });
  await expect(addedName).toHaveValue(title);
  await expect(addedName).toBeFocused();
  await expect(added.getByRole("checkbox", { name: "Standardadress" })).not.toBeChecked();

  await added.getByRole("textbox", { name: "Gatuadress" }).fill("Hämeenkatu 1");
  await added.getByRole("textbox", { name: "Postnummer" }).fill("33100");
  await added.getByRole("textbox", { name: "Ort" }).fill("Tampere");
  await added.getByRole("combobox", { name: "Land" }).selectOption({ label: "Finland" });
  await added.getByRole("textbox", { name: "Telefon" }).fill("040 123 4567");
  await submitAndSettle(page, page.getByRole("button", { name: "Spara ändringar" }));
  await expect(page.getByText("Företagets uppgifter har sparats.")).toBeVisible();
  await expect(addresses).toHaveCount(before + 1);
  // A§5: the address's own country gives the calling code.
  await expect(added.getByRole("textbox", { name: "Telefon" })).toHaveValue("+358401234567");

  const remove = added.getByRole("button", { name: `Ta bort ${title}` });
  if (js) await remove.click();
  else await submitAndSettle(page, remove);
  await expect(addresses).toHaveCount(before);
  if (js) await expect(add).toBeFocused();
  await submitAndSettle(page, page.getByRole("button", { name: "Spara ändringar" }));
  await expect(page.getByText("Företagets uppgifter har sparats.")).toBeVisible();
  await page.goto(searched(company.name));
  await expect(addresses).toHaveCount(before);
  await expect(page.getByRole("textbox", { name: "Extern referens" })).toHaveValue(typed);
});

test("an admin removes a user after confirming, and cannot remove themselves", async ({
  page,
}, testInfo) => {
  const js = isJs(testInfo);
  // Each project removes its own generated user.
  const target = SEED_COMPANIES.nordtrade.generatedUserIds[js ? 10 : 11] ?? "";
  await logInByPost(page, ADMIN.email);
  await page.goto("/my-account/company/?tab=users");
  await expect(page.getByRole("link", { name: "Användare" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByTestId("user-count")).toContainText(/\d+ användare · Sida 1 av \d+/);

  // The admin's own row: marked, and its remove button disabled (A§6).
  const search = page.getByRole("searchbox", { name: "Sök användare" });
  await search.fill(ADMIN.email);
  if (!js) await page.getByRole("main").getByRole("button", { name: "Sök", exact: true }).click();
  await expect(page).toHaveURL(/users_q=/);
  const own = page.locator(`[data-user-id="${ADMIN.id}"]`);
  await expect(own).toContainText("Du");
  await expect(own.getByRole("button", { name: /^Ta bort/ })).toBeDisabled();
  await expectAccessible(page, js);

  // The target, on whichever page it is.
  await page.goto("/my-account/company/?tab=users");
  const row = page.locator(`[data-user-id="${target}"]`);
  for (let turn = 0; turn < 5 && (await row.count()) === 0; turn++) {
    await page.getByRole("link", { name: "Nästa" }).click();
    await expect(page.getByTestId("user-count")).toContainText(`Sida ${turn + 2} av`);
  }
  await expect(row).toBeVisible();
  const name = (await row.locator("th span").first().textContent())?.trim() ?? "";

  if (js) {
    await row.getByRole("button", { name: `Ta bort ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Ta bort användaren?" });
    await expect(dialog).toContainText(name);
    await expectAccessible(page, js);
    await submitAndSettle(page, dialog.getByRole("button", { name: "Ta bort användaren" }));
  } else {
    await row.getByRole("link", { name: `Ta bort ${name}` }).click();
    const section = page.getByTestId("remove-user-section");
    await expect(section).toContainText(name);
    await submitAndSettle(page, section.getByRole("button", { name: "Ta bort användaren" }));
  }
  await expectToast(page, "Användaren har tagits bort från företaget.");
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId("remove-user-section")).toHaveCount(0);
});

test("a member sees that they may not change the company, with every field disabled", async ({
  page,
}, testInfo) => {
  const js = isJs(testInfo);
  await logInByPost(page, BUYER.email);
  await page.goto("/my-account/company/");
  await expect(
    page.getByText("Du har inte behörighet att ändra företagets uppgifter.", { exact: false }),
  ).toBeVisible();
  for (const label of ["Kontaktperson", "Telefonnummer", "Gatuadress"]) {
    await expect(page.getByRole("textbox", { name: label }).first()).toBeDisabled();
  }
  await expect(page.getByRole("button", { name: "Spara ändringar" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Lägg till faktureringsadress" })).toHaveCount(0);
  // A§2: the users tab is for admins; it is shown, dimmed, announced as a disabled link, and
  // leads nowhere.
  const tabs = page.getByRole("navigation", { name: "Företagets flikar" });
  const users = tabs.getByRole("link", { name: "Användare" });
  await expect(users).toHaveAttribute("aria-disabled", "true");
  await expect(users).not.toHaveAttribute("href");
  await expectAccessible(page, js);
});

test("a super admin pages through every company, searches, and picks one", async ({
  page,
}, testInfo) => {
  const js = isJs(testInfo);
  await logInByPost(page, SUPER_ADMIN.email);
  await page.goto("/my-account/company/");
  const choices = page.getByTestId("company-choices").getByRole("link");
  const selector = page.getByRole("navigation", { name: "Bläddra bland företag" });
  await expect(choices).toHaveCount(10);
  await expect(selector).toContainText(/Sida 1 av \d+/);
  // Nothing selected yet: the basic tab is dimmed (A§2).
  await expect(page.getByRole("heading", { name: "Inget företag valt", level: 2 })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Företagets flikar" });
  await expect(tabs.getByText("Företagsinformation", { exact: true })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expectAccessible(page, js);

  const first = await choices.first().textContent();
  await selector.getByRole("link", { name: "Nästa" }).click();
  await expect(selector).toContainText(/Sida 2 av \d+/);
  await expect(choices.first()).not.toHaveText(first ?? "");

  // A search starts on the first page; with JavaScript it goes by itself after typing stops.
  const search = page.getByRole("searchbox", { name: "Sök företag" });
  await search.fill(SEED_ORGANISATIONS.fjallhandel.name);
  if (!js) await page.getByRole("main").getByRole("button", { name: "Sök", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=Fj/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(choices).toHaveCount(1);
  // The only match is selected (A§4).
  await expect(
    page.getByRole("heading", { name: SEED_ORGANISATIONS.fjallhandel.name, level: 2 }),
  ).toBeVisible();

  await search.fill("zzzz-inget-sådant");
  if (!js) await page.getByRole("main").getByRole("button", { name: "Sök", exact: true }).click();
  await expect(page.getByText("Inga organisationer hittades.")).toBeVisible();
  await page.getByRole("link", { name: "Rensa sökningen" }).click();
  await expect(choices).toHaveCount(10);

  // Picking one by its link selects it, without JavaScript as well.
  const pick = choices.nth(2);
  const pickedName = (await pick.locator("span span").first().textContent()) ?? "";
  await pick.click();
  await expect(page).toHaveURL(/[?&]company=/);
  await expect(page.getByRole("heading", { name: pickedName, level: 2 })).toBeVisible();
  await expect(pick).toHaveAttribute("aria-current", "true");
});

for (const language of ["fi", "en"] as const) {
  const texts =
    language === "fi"
      ? { title: "Yritystiedot", users: "Käyttäjät", search: "Hae yritystä" }
      : { title: "Company information", users: "Users", search: "Search companies" };

  test(`the company form and users in ${language} pass axe and speak ${language}`, async ({
    page,
  }, testInfo) => {
    test.skip(!isJs(testInfo), "axe runs as a script in the page");
    await logInByPost(page, ADMIN.email);
    await page.goto(`/my-account/company/?lng=${language}`);
    await expect(page.getByRole("heading", { name: texts.title, level: 1 })).toBeVisible();
    await expectAccessible(page, true);
    await page.getByRole("link", { name: texts.users }).click();
    await expect(page.getByTestId("company-user-table")).toBeVisible();
    await expectAccessible(page, true);
  });

  test(`the super admin's company list in ${language} passes axe`, async ({ page }, testInfo) => {
    test.skip(!isJs(testInfo), "axe runs as a script in the page");
    await logInByPost(page, SUPER_ADMIN.email);
    await page.goto(`/my-account/company/?lng=${language}`);
    await expect(page.getByRole("searchbox", { name: texts.search })).toBeVisible();
    await expectAccessible(page, true);
  });
}
