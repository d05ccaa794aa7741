import { SEED_FIXTURES } from "@kassa/platform/testing";
import { expect, test } from "./fixtures";
import { ready } from "./shopper";

/**
 * The cookie banner in every engine (issue 30; analytics.spec.ts has the rest): accept all hides
 * it, for good; the footer's cookie settings show the choice and change it. Without scripts the
 * banner is a plain form post.
 */

const banner = { testId: "consent-banner" } as const;
const category = `/sv-se/kategori/${SEED_FIXTURES.simple.categoryUri}`;

/** Runs in the page: whether the box labelled `name` is ticked (null: no such box). */
function checked(name: string): boolean | null {
  const label = Array.from(document.querySelectorAll("label")).find(
    (element) => element.textContent?.trim() === name,
  );
  return (label?.control as HTMLInputElement | null | undefined)?.checked ?? null;
}

test("accept all hides the banner on this page and the next; the settings page shows the choice", async ({
  tab,
}) => {
  await tab.goto(`/sv-se/produkt/${SEED_FIXTURES.simple.slug}`);
  await tab.expectVisible({ role: "heading", name: "Cookies", in: banner });
  await ready(tab);
  await tab.click({ role: "button", name: "Godkänn alla", in: banner });
  await tab.expectGone(banner);
  await tab.expectUrl(new RegExp(`/produkt/${SEED_FIXTURES.simple.slug}$`));
  await tab.expectVisible({ text: /Dina cookieval är sparade/ });

  // The next page (a new document without scripts, a client navigation with them), and a reload.
  await tab.click({ role: "link", name: "Kläder", in: { role: "navigation", name: "Huvudmeny" } });
  await tab.expectVisible({ testId: "product-grid" });
  await tab.expectGone(banner);
  await tab.goto(category);
  await tab.expectVisible({ testId: "product-grid" });
  await tab.expectGone(banner);

  // The footer's settings: both boxes ticked; untick marketing and come back to the category.
  await ready(tab);
  await tab.click({ role: "link", name: "Cookieinställningar" });
  await tab.expectVisible({ role: "heading", name: "Cookieinställningar" });
  await tab.expectUrl(/\/consent\?redirectTo=/);
  expect(await tab.evaluate(checked, "Statistik")).toBe(true);
  expect(await tab.evaluate(checked, "Marknadsföring")).toBe(true);
  await ready(tab);
  await tab.click({ role: "checkbox", name: /^Marknadsföring/ });
  await tab.click({ role: "button", name: "Spara val" });
  await tab.expectUrl(new RegExp(`${category}$`));
  await tab.expectGone(banner);
  await tab.goto("/consent");
  await tab.expectVisible({ role: "heading", name: "Cookieinställningar" });
  expect(await tab.evaluate(checked, "Statistik")).toBe(true);
  expect(await tab.evaluate(checked, "Marknadsföring")).toBe(false);
});
