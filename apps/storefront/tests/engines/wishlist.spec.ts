import { CONSENT_VERSION } from "../../app/modules/analytics/consent-version";
import { expect, test } from "./fixtures";
import { ready } from "./shopper";
import type { Tab } from "./tab";
import type { Target } from "./target";

/**
 * The wishlist and the compare list in every engine (wishlist.spec.ts has the rest): with scripts
 * the list lives in the browser's storage and another tab hears a change; without, the hearts are
 * form posts that keep it in a cookie, and another tab sees it when it loads.
 */

const CATEGORY = "/sv-se/kategori/klader";
const card = (n: number): Target => ({ css: `[data-testid=product-grid] > li:nth-child(${n})` });

async function nameOf(tab: Tab, n: number) {
  return tab.text({ role: "heading", in: card(n) });
}

/** The header's wishlist: a button that opens the drawer with scripts, a link without. */
function wishlistControl(tab: Tab, count: string): Target {
  return { role: tab.javaScriptEnabled ? "button" : "link", name: `Önskelista, ${count}` };
}

test("keep two products, see them in a second tab, and compare them", async ({ tab }) => {
  // The cookie choice made before: its toast would lie over the cards, and a toast's timer stands
  // still while the window is in the background (the second tab has the focus then).
  await tab.addCookie("kassa_consent", `${CONSENT_VERSION}.0.0.20260101`);
  await tab.goto(CATEGORY);
  await ready(tab);
  const first = await nameOf(tab, 1);
  const second = await nameOf(tab, 2);
  expect(first).not.toBe("");
  expect(second).not.toBe(first);

  await tab.click({ role: "button", name: `Spara ${first} i önskelistan`, in: card(1) });
  await tab.expectVisible({ role: "button", name: `Ta bort ${first} ur önskelistan`, in: card(1) });
  await tab.expectVisible(wishlistControl(tab, "1 produkt"));

  // A second tab of the same browser lists it.
  const other = await tab.openTab();
  await other.goto("/favorites");
  await other.expectVisible({ role: "heading", name: "Önskelista" });
  await ready(other);
  await other.expectText({ testId: "wishlist-count" }, "1 sparad produkt");
  await other.expectText({ testId: "wishlist-item" }, first);

  // A change in the first tab: with scripts the other tab hears the storage event by itself.
  await tab.click({ role: "button", name: `Spara ${second} i önskelistan`, in: card(2) });
  await tab.expectVisible(wishlistControl(tab, "2 produkter"));
  if (!tab.javaScriptEnabled) await other.goto("/favorites");
  await other.expectText({ testId: "wishlist-count" }, "2 sparade produkter");
  expect(await other.count({ testId: "wishlist-item" })).toBe(2);

  // Compare the two: the page's compare form posts the ticked cards (GET /compare).
  await ready(tab);
  await tab.click({ role: "checkbox", name: `Jämför ${first}`, in: card(1) });
  await tab.click({ role: "checkbox", name: `Jämför ${second}`, in: card(2) });
  const form = { testId: "compare-form" } as const;
  if (tab.javaScriptEnabled) {
    await tab.expectText(form, "2 av 4 valda för jämförelse");
    await tab.click({ role: "button", name: "Jämför 2 produkter", in: form });
  } else {
    await tab.click({ role: "button", name: "Jämför valda", in: form });
  }
  await tab.expectUrl(/\/compare\?compare=[^&]+&compare=[^&]+$/);
  await tab.expectVisible({ role: "heading", name: "Jämför produkter" });
  const table = { testId: "compare-table" } as const;
  await tab.expectText(table, first);
  await tab.expectText(table, second);
  await tab.expectText(table, /\d\s?kr/);
});
