import { axeViolations } from "./accessibility";
import { expect, type Page, test } from "./fixtures";

/**
 * The footer and the pages every shop has (terms, privacy, delivery and returns, payment methods,
 * customer service, about), as a shopper finds them: from the footer of any page, in Swedish,
 * Finnish and English, at translated addresses, each with its title, one heading and its
 * sections, the footer marking where they are; the language links land on the same page in the
 * other language. With JavaScript on and off; axe (WCAG 2.2 AA) at 1280 and 390 px with it on.
 */

const PAGES = {
  sv: {
    footerHeading: "Handla hos oss",
    customerService: "Kundservice",
    phone: "08-465 004 50",
    pages: [
      { slug: "kopvillkor", title: "Köpvillkor" },
      { slug: "integritetspolicy", title: "Integritetspolicy" },
      { slug: "leverans-och-returer", title: "Leverans och returer" },
      { slug: "betalsatt", title: "Betalsätt" },
      { slug: "kundservice", title: "Kundservice" },
      { slug: "om-kassa", title: "Om Kassa" },
    ],
  },
  fi: {
    footerHeading: "Asioi kanssamme",
    customerService: "Asiakaspalvelu",
    phone: "+46 8 465 004 50",
    pages: [
      { slug: "ostoehdot", title: "Ostoehdot" },
      { slug: "tietosuojaseloste", title: "Tietosuojaseloste" },
      { slug: "toimitus-ja-palautukset", title: "Toimitus ja palautukset" },
      { slug: "maksutavat", title: "Maksutavat" },
      { slug: "asiakaspalvelu", title: "Asiakaspalvelu" },
      { slug: "tietoa-kassasta", title: "Tietoa Kassasta" },
    ],
  },
  en: {
    footerHeading: "Shopping with us",
    customerService: "Customer service",
    phone: "+46 8 465 004 50",
    pages: [
      { slug: "terms", title: "Terms of purchase" },
      { slug: "privacy-policy", title: "Privacy policy" },
      { slug: "delivery-and-returns", title: "Delivery and returns" },
      { slug: "payment-methods", title: "Payment methods" },
      { slug: "customer-service", title: "Customer service" },
      { slug: "about-kassa", title: "About Kassa" },
    ],
  },
} as const;

type Language = keyof typeof PAGES;
const LANGUAGES = Object.keys(PAGES) as Language[];
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const footer = (page: Page) => page.locator("footer");

async function expectNoAxeViolations(page: Page) {
  const found: Record<string, unknown> = {};
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const violations = await axeViolations(page);
    if (violations.length > 0) found[`${size.width}px`] = violations;
  }
  await page.setViewportSize(WIDTHS[0]);
  expect(found).toEqual({});
}

for (const language of LANGUAGES) {
  const texts = PAGES[language];

  test(`the footer leads to every shop page in ${language}, each a real page`, async ({
    page,
  }, testInfo) => {
    const javaScript = testInfo.project.name !== "js-disabled";
    // Six pages, each checked by axe at two widths.
    test.setTimeout(180_000);
    await page.goto(`/?lng=${language}`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);

    // Customer service is reachable from every page: phone, email and hours in the footer.
    const service = footer(page).getByRole("region", { name: texts.customerService });
    await expect(service.getByRole("link", { name: texts.phone })).toHaveAttribute(
      "href",
      "tel:+46846500450",
    );
    await expect(service.getByRole("link", { name: "kundservice@kassa.test" })).toHaveAttribute(
      "href",
      "mailto:kundservice@kassa.test",
    );
    await expect(footer(page).getByText("Kassa Handel AB").first()).toBeVisible();
    await expect(footer(page).getByText(/559321-4876/)).toBeVisible();

    const nav = footer(page).getByRole("navigation", { name: texts.footerHeading });
    for (const { slug, title } of texts.pages) {
      await test.step(title, async () => {
        await footer(page).getByRole("link", { name: title, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/${slug}(\\?|$)`));
        await expect(page).toHaveTitle(`${title} – Kassa`);
        const main = page.locator("main");
        await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(main.getByRole("heading", { level: 1 })).toHaveText(title);
        expect(await main.getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(4);
        // No placeholder left unfilled, no key shown instead of text.
        await expect(main).not.toContainText("{{");
        await expect(main).not.toContainText(".sections.");
        // The footer marks the page the shopper is on, and only that one.
        const current = footer(page).locator('[aria-current="page"]');
        await expect(current).toHaveCount(1);
        await expect(current).toHaveText(title);
        if (slug !== texts.pages[5].slug) {
          await expect(nav.getByRole("link", { name: title, exact: true })).toHaveAttribute(
            "aria-current",
            "page",
          );
        }
        // Each locale's address, for search engines and other languages' readers (ADR 0037).
        await expect(page.locator('link[rel="alternate"][hreflang="fi-FI"]')).toHaveAttribute(
          "href",
          new RegExp(
            `/fi-fi/${PAGES.fi.pages[texts.pages.findIndex((p) => p.slug === slug)]?.slug}$`,
          ),
        );
        if (javaScript) await expectNoAxeViolations(page);
      });
    }
  });
}

test("the delivery page quotes the shipping the cart charges, per market", async ({ page }) => {
  await page.goto("/leverans-och-returer?lng=sv");
  const costs = page.getByRole("region", { name: "Fraktkostnad" });
  await expect(costs.getByRole("listitem").first()).toHaveText(
    "Sverige: 49 kr, fri frakt när varorna kostar minst 499 kr.",
  );
  await expect(costs.getByRole("listitem").nth(1)).toHaveText(
    "Finland: 4,90 €, fri frakt när varorna kostar minst 49 €.",
  );
  await page.goto("/maksutavat?lng=fi");
  const providers = page.getByRole("region", { name: "Maksukumppanimme" }).getByRole("listitem");
  await expect(providers).toHaveCount(5);
  for (const [index, name] of ["Adyen", "Qliro", "Avarda", "Klarna", "Walley"].entries()) {
    await expect(providers.nth(index)).toContainText(name);
  }
});

test("the language links land on the same page in the other language", async ({ page }) => {
  await page.setViewportSize(WIDTHS[0]);
  await page.goto("/kopvillkor?lng=sv");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Köpvillkor");

  await page.locator('header a[hreflang="fi"]:visible').first().click();
  await expect(page).toHaveURL(/\/fi-se\/ostoehdot$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ostoehdot");
  await expect(footer(page).locator('[aria-current="page"]')).toHaveText("Ostoehdot");

  await page.locator('header a[hreflang="en"]:visible').first().click();
  await expect(page).toHaveURL(/\/en-se\/terms$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of purchase");

  // The chosen language is remembered: a Swedish address of another page opens in English.
  await page.goto("/integritetspolicy");
  await expect(page).toHaveURL(/\/en-se\/privacy-policy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
});

test("an address that is no page answers 404", async ({ page }) => {
  const answer = await page.goto("/kopvillkor-gamla");
  expect(answer?.status()).toBe(404);
});

test("the footer has four columns at 1280 px and one at 390 px", async ({ page }) => {
  await page.goto("/kundservice?lng=sv");
  const parts = [
    footer(page).getByRole("region", { name: "Kundservice" }),
    footer(page).getByRole("navigation", { name: "Handla hos oss" }),
    footer(page).getByRole("region", { name: "Företaget" }),
    footer(page).getByTestId("newsletter-footer"),
  ];
  await page.setViewportSize(WIDTHS[0]);
  const wide = await Promise.all(parts.map((part) => part.boundingBox()));
  const tops = wide.map((box) => Math.round(box?.y ?? -1));
  expect(new Set(tops).size, `tops ${tops}`).toBe(1);
  const lefts = wide.map((box) => box?.x ?? 0);
  expect([...lefts].sort((a, b) => a - b)).toEqual(lefts);

  await page.setViewportSize(WIDTHS[1]);
  const narrow = await Promise.all(parts.map((part) => part.boundingBox()));
  for (let index = 1; index < narrow.length; index++) {
    const above = narrow[index - 1];
    const box = narrow[index];
    expect(box?.y ?? 0).toBeGreaterThanOrEqual((above?.y ?? 0) + (above?.height ?? 0));
    // Every column fits the phone's width.
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
});
