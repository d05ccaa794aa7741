import { test } from "./fixtures";
import { chooseCookies, ready } from "./shopper";

/**
 * The header's search box in every engine (search.spec.ts has the rest): with scripts a combobox
 * whose suggestions are chosen by keyboard; without, a GET form to the results page.
 */

const header = { css: "header" } as const;
const box = { label: "Sök produkter", in: header } as const;

test("the header's search box leads to a product: suggestions by keyboard, or the results page", async ({
  tab,
}) => {
  await tab.goto("/sv-se");
  await chooseCookies(tab);
  await ready(tab);

  if (tab.javaScriptEnabled) {
    await tab.expectVisible({ role: "combobox", name: "Sök produkter", in: header });
    await tab.fill(box, "ullt");
    const listbox = { role: "listbox", name: "Sökförslag", in: header } as const;
    await tab.expectText({ role: "option", in: listbox }, "Ulltröja Fjäll");
    await tab.expectVisible({ role: "status", in: header });
    await tab.press("ArrowDown");
    await tab.waitFor(() => {
      const input = document.activeElement as HTMLInputElement | null;
      const active = input?.getAttribute("aria-activedescendant");
      return input?.getAttribute("role") === "combobox" && active
        ? document.getElementById(active)?.getAttribute("aria-selected") === "true"
        : null;
    });
    await tab.press("Enter");
    await tab.expectUrl(/\/produkt\/ulltroja-fjall$/);
    await tab.expectVisible({ role: "heading", name: "Ulltröja Fjäll" });
    return;
  }

  // Without scripts: a plain form; Enter in the field submits it.
  await tab.fill(box, "ulltröja");
  await tab.press("Enter");
  await tab.expectUrl(/\/search\?q=ulltr%C3%B6ja$/);
  await tab.expectVisible({ role: "heading", name: "Sökresultat för ”ulltröja”" });
  await tab.expectText({ testId: "result-count" }, /^\d+ produkter?$/);
  await tab.expectText({ testId: "product-grid" }, /\d\s?kr/);
  await tab.click({ role: "link", name: /Ulltröja Fjäll/, in: { css: "main" } });
  await tab.expectUrl(/\/produkt\/ulltroja-fjall$/);
  await tab.expectVisible({ role: "heading", name: "Ulltröja Fjäll" });
});
