import { DEMO_PASSWORD, latestMail, linkIn, uniqueEmail } from "../e2e/support";
import { test } from "./fixtures";
import { chooseCookies, ready } from "./shopper";
import type { Tab } from "./tab";

/**
 * A consumer's account in every engine: sign up, confirm the address from the mail, log in
 * through the login page, and choose a new password from a reset link (the Chromium suite's
 * accounts.spec.ts has the rest: profile, deletion, validation, other devices).
 */

const loginButton = { role: "button", name: "Logga in", in: { css: "main" } } as const;

/** Posts the login form, whatever the shop answers (a refused password too). */
async function submitLogin(tab: Tab, email: string, password: string) {
  await tab.goto("/login");
  await ready(tab);
  await tab.fill({ label: "E-postadress" }, email);
  await tab.fill({ label: "Lösenord" }, password);
  await tab.click(loginButton);
}

test("sign up, confirm the email, log in, and reset the password", async ({ tab }, testInfo) => {
  const email = uniqueEmail("konto", testInfo.project.name);
  const newPassword = "Nytt-losen-2039";

  await tab.goto("/signup/");
  await chooseCookies(tab);
  await ready(tab);
  await tab.fill({ label: "Förnamn" }, "Astrid");
  await tab.fill({ label: "Efternamn" }, "Lind");
  await tab.fill({ label: "E-postadress" }, email);
  await tab.fill({ label: "Mobilnummer" }, "0701234567");
  await tab.fill({ label: "Lösenord" }, DEMO_PASSWORD);
  await tab.fill({ label: "Bekräfta lösenord" }, DEMO_PASSWORD);
  const billing = { role: "group", name: "Faktureringsadress" } as const;
  await tab.fill({ label: "Gatuadress", in: billing }, "Storgatan 1");
  await tab.fill({ label: "Postnummer", in: billing }, "111 22");
  await tab.fill({ label: "Ort", in: billing }, "Stockholm");
  await tab.click({ role: "checkbox", name: /Jag har läst och godkänner/ });
  await tab.click({ role: "button", name: "Skapa konto" });
  await tab.expectText({ testId: "signup-confirm" }, email, { timeout: 15_000 });

  // The link's GET moves its token into a cookie and answers the login page without it.
  await tab.goto(linkIn(await latestMail(email, /Bekräfta/), "/login/"));
  await tab.expectVisible({ text: "Din e-postadress är bekräftad. Nu kan du logga in." });
  await tab.expectUrl(/\/login\/?$/);

  await submitLogin(tab, email, DEMO_PASSWORD);
  await tab.expectUrl(/\/my-account\/overview\/$/);
  await tab.expectText({ testId: "account-greeting" }, "Hej Astrid!");
  await tab.click({ role: "button", name: "Logga ut" });
  await tab.expectVisible({ role: "link", name: "Logga in" });

  // Forgot password: the link from the login page, the mail, a new password.
  await tab.goto("/login");
  await ready(tab);
  await tab.click({ role: "link", name: "Glömt lösenordet?" });
  await tab.expectVisible({ role: "heading", name: "Glömt lösenordet?" });
  await ready(tab);
  await tab.fill({ label: "E-postadress" }, email);
  await tab.click({ role: "button", name: "Skicka länk" });
  await tab.waitFor(
    () =>
      document.querySelector("[data-testid=forgot-password-state]")?.getAttribute("data-state") ===
      "checkEmail",
  );
  await tab.goto(linkIn(await latestMail(email, /lösenord/i), "/reset-password/"));
  // The token went into a cookie: the address no longer has it.
  await tab.expectUrl(/\/reset-password\/$/);
  await tab.expectVisible({ role: "heading", name: "Välj ett nytt lösenord" });
  await ready(tab);
  await tab.fill({ label: "Nytt lösenord" }, newPassword);
  await tab.fill({ label: "Bekräfta nytt lösenord" }, newPassword);
  await tab.click({ role: "button", name: "Spara lösenordet" });
  await tab.expectVisible({ text: /Lösenordet är uppdaterat/ });

  await submitLogin(tab, email, DEMO_PASSWORD);
  await tab.expectVisible({ text: /Fel lösenord\./ });
  await submitLogin(tab, email, newPassword);
  await tab.expectUrl(/\/my-account\/overview\/$/);
  await tab.expectText({ testId: "account-greeting" }, "Hej Astrid!");
});
