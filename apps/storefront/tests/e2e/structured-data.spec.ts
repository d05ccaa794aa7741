import { formatMoney } from "@kassa/domain";
import { expect, type Page, test } from "./fixtures";
import { SEED_FIXTURES } from "./support";

/**
 * What a search engine and a link preview read from the pages a crawler reaches (issue 30), with
 * JavaScript on and off: the JSON-LD graph (a Product whose shown variant is offered at the price
 * the page shows, the breadcrumb, the shop's Organization and WebSite), the Open Graph and Twitter
 * tags with absolute URLs, and robots.txt. The fixture fails a test on any Content-Security-
 * Policy report: the JSON-LD script is data and must not be refused as a script.
 */

type Node = Record<string, unknown>;

/** The page's one JSON-LD graph, as a crawler reads it from the HTML. */
async function graphOf(page: Page): Promise<Node[]> {
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const graph = JSON.parse((await scripts.textContent()) ?? "") as {
    "@context": string;
    "@graph": Node[];
  };
  expect(graph["@context"]).toBe("https://schema.org");
  return graph["@graph"];
}

/** The page's `og:`, `product:` and `twitter:` tags. */
async function shareTagsOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.head.querySelectorAll("meta[property], meta[name^='twitter:']")].map((tag) => [
        tag.getAttribute("property") ?? tag.getAttribute("name") ?? "",
        tag.getAttribute("content") ?? "",
      ]),
    ),
  );
}

function byType(graph: Node[], type: string): Node {
  const node = graph.find((candidate) => candidate["@type"] === type);
  expect(node, `a ${type} in the graph`).toBeDefined();
  return node as Node;
}

test("the home page names the shop, how to search it, and how to share it", async ({
  page,
  baseURL,
}) => {
  await page.goto("/sv-se");
  const graph = await graphOf(page);
  expect(byType(graph, "Organization")).toMatchObject({
    name: "Kassa Handel AB",
    vatID: "SE559321487601",
    url: `${baseURL}/`,
    contactPoint: { contactType: "customer service" },
  });
  expect(byType(graph, "WebSite")).toMatchObject({
    potentialAction: { target: { urlTemplate: `${baseURL}/sv-se/search?q={search_term_string}` } },
  });
  const tags = await shareTagsOf(page);
  expect(tags).toMatchObject({
    "og:type": "website",
    "og:url": `${baseURL}/sv-se`,
    "og:image": `${baseURL}/images/share.png`,
    "og:site_name": "Kassa",
    "og:locale": "sv_SE",
    "twitter:card": "summary_large_image",
  });
  expect(tags["og:title"]).toBe(await page.title());
  // The shop's picture is there to be fetched.
  const picture = await page.request.get(tags["og:image"] ?? "");
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/png");
});

test("a category page carries the breadcrumb it shows", async ({ page, baseURL }) => {
  await page.goto("/sv-se/kategori/klader/trojor");
  const shown = await page
    .getByRole("navigation", { name: /Brödsmulor|Breadcrumb|Murupolku/ })
    .getByRole("listitem")
    .allTextContents();
  const breadcrumb = byType(await graphOf(page), "BreadcrumbList");
  const items = breadcrumb.itemListElement as Node[];
  expect(items.map((item) => item.name)).toEqual(shown.map((text) => text.replace("›", "").trim()));
  for (const item of items) expect(String(item.item)).toMatch(new RegExp(`^${baseURL}/`));
  expect((await shareTagsOf(page))["og:url"]).toBe(`${baseURL}/sv-se/kategori/klader/trojor`);
});

test("a product page offers the shown variant at the shown price", async ({ page, baseURL }) => {
  const { slug } = SEED_FIXTURES.onSale;
  await page.goto(`/sv-se/produkt/${slug}`);
  const product = byType(await graphOf(page), "Product");
  expect(product.url).toBe(`${baseURL}/sv-se/produkt/${slug}`);
  for (const image of [product.image].flat()) expect(String(image)).toMatch(/^https?:\/\//);

  const sku = ((await page.getByText(/^Artikelnummer:/).textContent()) ?? "")
    .replace(/^Artikelnummer:\s*/, "")
    .trim();
  const offer = (product.offers as Node[]).find((candidate) => candidate.sku === sku);
  expect(offer, `an Offer for ${sku}`).toMatchObject({
    priceCurrency: "SEK",
    availability: "https://schema.org/InStock",
  });
  const price = Number(offer?.price);
  const shown = (await page.getByTestId("product-price").textContent()) ?? "";
  expect(shown).toContain(formatMoney(Math.round(price * 100), "SEK", "sv-SE"));

  const tags = await shareTagsOf(page);
  expect(tags).toMatchObject({
    "og:type": "product",
    "og:url": `${baseURL}/sv-se/produkt/${slug}`,
    "product:price:amount": price.toFixed(2),
    "product:price:currency": "SEK",
  });
  expect(tags["og:image"]).toBe(String([product.image].flat()[0]));
  expect(byType(await graphOf(page), "BreadcrumbList").itemListElement).toHaveLength(4);
});

test("a page reached by a link inside the shop says what a fresh load of it says", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name === "js-disabled",
    "without JavaScript every page is a fresh load",
  );
  await page.goto("/sv-se/kategori/klader/trojor");
  await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
  await page.getByTestId("product-grid").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/produkt\//);
  await expect(page.getByTestId("product-price")).toBeVisible();
  const here = new URL(page.url());
  const product = byType(await graphOf(page), "Product");
  expect(product.url).toBe(`${baseURL}${here.pathname}`);
  await expect
    .poll(async () => (await shareTagsOf(page))["og:url"])
    .toBe(`${baseURL}${here.pathname}`);
  expect((await shareTagsOf(page))["og:type"]).toBe("product");
});

test("robots.txt answers, names the sitemap and keeps crawlers out of the cart", async ({
  page,
  baseURL,
}) => {
  const answer = await page.request.get("/robots.txt");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await answer.text();
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(text).toMatch(/^Disallow: \/cart$/m);
  expect(text).toMatch(/^Disallow: \/checkout$/m);
});
