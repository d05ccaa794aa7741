import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

/**
 * The signup form as a person uses it: validation as they type (A§2), and the phone's country
 * picker (C§8 'No country found.'), searchable with JavaScript and a plain select without.
 */

test("the signup form validates as the person types (A§2)", async ({ page }, testInfo) => {
  test.skip(
    testInfo.project.name === "js-disabled",
    "without JavaScript the server validates on submit",
  );
  await page.goto("/signup/");
  const email = page.getByLabel("E-postadress", { exact: true });
  await email.pressSequentially("inte-en-adress");
  // Still typing in the field: the message is there before it is left.
  await expect(email).toBeFocused();
  await expect(page.getByText("Ange en giltig e-postadress.")).toBeVisible();
  await email.pressSequentially("@kassa.test");
  await expect(page.getByText("Ange en giltig e-postadress.")).toBeHidden();
});

test("the phone's country picker searches, and says when no country matches (C§8)", async ({
  page,
}, testInfo) => {
  await page.goto("/signup/");
  if (testInfo.project.name === "js-disabled") {
    // Without JavaScript it is the native select, which posts the same field.
    const select = page
      .getByRole("group", { name: "Kontaktperson" })
      .getByLabel("Land", { exact: true });
    await expect(select).toHaveJSProperty("tagName", "SELECT");
    await select.selectOption("FI");
    await expect(select).toHaveValue("FI");
    return;
  }

  const contact = page.getByRole("group", { name: "Kontaktperson" });
  const picker = contact.getByRole("combobox", { name: "Land", exact: true });
  await expect(picker).toHaveJSProperty("tagName", "INPUT");
  await expect(picker).toHaveValue("Sverige");
  await picker.fill("Narnia");
  await expect(page.getByRole("status").filter({ hasText: "Inget land hittades." })).toBeVisible();
  await expect(contact.getByRole("option")).toHaveCount(0);

  // Keyboard alone: search, move, choose.
  await picker.fill("fin");
  await expect(contact.getByRole("option", { name: "Finland" })).toBeVisible();
  await picker.press("Enter");
  await expect(picker).toHaveValue("Finland");
  await expect(picker).toHaveAttribute("aria-expanded", "false");

  // The phone takes the chosen country's calling code.
  const phone = page.getByLabel("Mobilnummer");
  await phone.fill("040 123 4567");
  await phone.blur();
  await expect(phone).toHaveValue("+358401234567");

  // Open, no result, and closed: the form stays free of accessibility violations.
  await picker.fill("Narnia");
  const open = await new AxeBuilder({ page }).include("form#signup").analyze();
  expect(open.violations).toEqual([]);
  await picker.press("Escape");
  await expect(picker).toHaveValue("Finland");
  await picker.press("ArrowDown");
  await expect(contact.getByRole("listbox", { name: "Land" })).toBeVisible();
  const listed = await new AxeBuilder({ page }).include("form#signup").analyze();
  expect(listed.violations).toEqual([]);
});

test("the picker's no-result text is translated", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "js-disabled", "the searchable picker needs JavaScript");
  for (const [lng, group, label, text] of [
    ["sv", "Kontaktperson", "Land", "Inget land hittades."],
    ["fi", "Yhteyshenkilö", "Maa", "Maata ei löytynyt."],
    ["en", "Contact person", "Country", "No country found."],
  ] as const) {
    await page.goto(`/signup/?lng=${lng}`);
    const picker = page
      .getByRole("group", { name: group })
      .getByRole("combobox", { name: label, exact: true });
    await expect(picker).toHaveJSProperty("tagName", "INPUT");
    await picker.fill("zzz");
    await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
  }
});

test("the phone input lines up with the country picker beside it, its hint under it", async ({
  page,
}, testInfo) => {
  await page.goto("/signup/");
  const contact = page.getByRole("group", { name: "Kontaktperson" });
  // The native select and the searchable picker are both a combobox named Land. With JavaScript
  // the select is swapped for the picker as the page hydrates: measure after the swap, or a box
  // can belong to an element that is gone by the next measure.
  const country = contact.getByRole("combobox", { name: "Land", exact: true });
  const searchable = testInfo.project.name !== "js-disabled";
  await expect(country).toHaveJSProperty("tagName", searchable ? "INPUT" : "SELECT");
  const phone = contact.getByRole("textbox", { name: "Mobilnummer", exact: true });
  const hint = contact.getByText("Till exempel 070");
  await expect(phone).toHaveAttribute(
    "aria-describedby",
    await hint.getAttribute("id").then(String),
  );

  const boxOf = async (part: typeof phone) => {
    await expect.poll(() => part.boundingBox()).not.toBeNull();
    const box = await part.boundingBox();
    if (!box) throw new Error("not laid out");
    return box;
  };

  const boxes = async () => ({
    picker: await boxOf(country),
    input: await boxOf(phone),
    text: await boxOf(hint),
  });

  // Side by side at 1280 px: the two controls start on one line, the hint under the input.
  await page.setViewportSize({ width: 1280, height: 800 });
  const wide = await boxes();
  expect(Math.round(wide.input.y)).toBe(Math.round(wide.picker.y));
  expect(wide.input.x).toBeGreaterThan(wide.picker.x + wide.picker.width);
  expect(wide.text.y).toBeGreaterThanOrEqual(wide.input.y + wide.input.height);

  // Stacked at 390 px: the phone under the country, the hint still under the phone.
  await page.setViewportSize({ width: 390, height: 844 });
  const narrow = await boxes();
  expect(narrow.input.y).toBeGreaterThanOrEqual(narrow.picker.y + narrow.picker.height);
  expect(narrow.text.y).toBeGreaterThanOrEqual(narrow.input.y + narrow.input.height);
});
