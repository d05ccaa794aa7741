import { cartWith, payInWidget, toCheckout } from "./checkout-support";
import { expect, test } from "./fixtures";
import {
  latestMail,
  linkIn,
  logInByPost,
  platformSignup,
  platformURL,
  submitAndSettle,
  uniqueEmail,
} from "./support";

/**
 * The signup from an order (A§3 "the alternate signup form", issue 32): a guest pays, chooses a
 * password on the confirmation (the notification choices ticked, by keyboard), confirms the
 * address from the mail, logs in and finds the order among their orders. With JavaScript and
 * without.
 */

const PASSWORD = "Orderkonto-2026";

/** An account with `email`, made and confirmed at the platform, as someone did before. */
async function confirmedAccount(email: string) {
  const signup = await platformSignup(email, PASSWORD);
  expect(signup.status).toBe(201);
  const { data } = (await signup.json()) as { data: { signup_token: string } };
  const post = (path: string, body: Record<string, string>) =>
    fetch(`${platformURL}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  await post("/api/enad/create-verify-link/", { email, signup_token: data.signup_token });
  const token = new URL(
    linkIn(await latestMail(email, /Bekräfta din e-postadress/), "/login/"),
    platformURL,
  ).searchParams.get("token");
  const verified = await post("/enad/verify-email/", {
    token: token ?? "",
    signup_token: data.signup_token,
  });
  expect(verified.status).toBe(200);
}

test("a guest creates an account from the order and then sees it among their orders", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  const email = uniqueEmail("gast", testInfo.project.name);
  await cartWith(page);
  await toCheckout(page);
  await payInWidget(page, js, { fields: { Förnamn: "Karin", "E-post": email } });
  await expect(page.getByRole("heading", { name: "Tack för din beställning!" })).toBeVisible();
  const reference = (await page.getByTestId("order-number").textContent()) ?? "";
  expect(reference).toMatch(/^\d{6}$/);

  const form = page.getByTestId("order-signup");
  await expect(form.getByRole("heading", { name: "Skapa ett konto", level: 2 })).toBeVisible();
  await expect(form.getByTestId("order-signup-for")).toContainText(email);
  // A§3: the alternate signup form starts with all three choices ticked; they may be unticked.
  for (const label of ["E-post", "SMS och telefon", "Post"]) {
    await expect(form.getByRole("checkbox", { name: label, exact: true })).toBeChecked();
  }
  // Only a password to type: no name, email, phone or address fields.
  await expect(form.getByRole("textbox")).toHaveCount(1);
  await expect(form.getByRole("textbox")).toHaveAccessibleName("Lösenord");

  // By keyboard: untick the post, accept the privacy policy, type the password, Enter.
  await form.getByRole("checkbox", { name: "Post", exact: true }).focus();
  await page.keyboard.press("Space");
  await expect(form.getByRole("checkbox", { name: "Post", exact: true })).not.toBeChecked();
  await form.getByRole("checkbox", { name: /Jag har läst och godkänner/ }).focus();
  await page.keyboard.press("Space");
  await form.getByLabel("Lösenord", { exact: true }).focus();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("signup-confirm")).toContainText(email);

  const mail = await latestMail(email, /Bekräfta din e-postadress/);
  await page.goto(linkIn(mail, "/login/"));
  await expect(page.getByText("Din e-postadress är bekräftad. Nu kan du logga in.")).toBeVisible();

  await logInByPost(page, email, PASSWORD);
  await page.goto("/my-account/orders/");
  await expect(page.getByTestId("order-row")).toHaveCount(1);
  await expect(page.getByTestId("order-row")).toContainText(reference);

  // The account holds the order's details and the choices as left.
  await page.goto("/my-account/credentials/");
  await expect(page.getByLabel("Förnamn")).toHaveValue("Karin");
  await expect(page.getByLabel("Gatuadress")).not.toHaveValue("");
  await expect(page.getByRole("checkbox", { name: "E-post", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Post", exact: true })).not.toBeChecked();
});

test("an address that already has an account is told to log in", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  const email = uniqueEmail("gast-konto", testInfo.project.name);
  await confirmedAccount(email);
  await cartWith(page);
  await toCheckout(page);
  await payInWidget(page, js, { fields: { "E-post": email } });
  const form = page.getByTestId("order-signup");
  await form.getByLabel("Lösenord", { exact: true }).fill("Annat-losen-2026");
  await form.getByRole("checkbox", { name: /Jag har läst och godkänner/ }).check();
  await submitAndSettle(page, form.getByRole("button", { name: "Skapa konto" }));
  await expect(form.getByRole("alert")).toContainText("Det finns redan ett konto");
  await expect(form.getByRole("link", { name: "Logga in" })).toHaveAttribute("href", "/login/");
});
