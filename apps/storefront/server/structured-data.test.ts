import { formatMoney } from "@kassa/domain";
import { SEED_FIXTURES } from "@kassa/platform/testing";
import type {
  BreadcrumbListLeaf,
  ListItemLeaf,
  MerchantReturnPolicyLeaf,
  OfferLeaf,
  OrganizationLeaf,
  ProductLeaf,
  WebSiteLeaf,
} from "schema-dts";
import { describe, expect, it } from "vitest";
import { storefrontCookies } from "~/modules/http/cookies.server";
import { withPlatform } from "~/test-support/platform";
import { withBuiltStorefront } from "./built-storefront.testing";

/**
 * What search engines and link previews read, from the real production build (`pnpm build` first)
 * over a real platform: each page's JSON-LD graph, checked against schema.org's shape (the
 * schema-dts types the builders are written in) and against the properties Google requires, and
 * the page's Open Graph tags.
 */
/** The public origin `withPlatform` configures; every URL the page names must be on it. */
const ORIGIN = "http://storefront.test";
withPlatform();

// ---------------------------------------------------------------------------------------------
// The rules. Google's required properties, as its Search Central documentation lists them
// (November 2026):
//   Product, Offer (merchant listings):
//     https://developers.google.com/search/docs/appearance/structured-data/merchant-listing
//   Product snippets (name, and offers or review or aggregateRating):
//     https://developers.google.com/search/docs/appearance/structured-data/product-snippet
//   BreadcrumbList (at least two ListItems, each with position, name and item):
//     https://developers.google.com/search/docs/appearance/structured-data/breadcrumb
//   Organization (no property required; these are the ones the shop promises, issue 30):
//     https://developers.google.com/search/docs/appearance/structured-data/organization
//   MerchantReturnPolicy (applicableCountry, returnPolicyCategory, and merchantReturnDays for a
//   finite return window):
//     https://developers.google.com/search/docs/appearance/structured-data/return-policy
// Each list is typed with schema-dts, so a rule cannot name a property schema.org does not have.
// ---------------------------------------------------------------------------------------------

type Keys<T> = readonly (keyof T & string)[];

const REQUIRED = {
  Product: ["name", "image", "offers"] satisfies Keys<ProductLeaf>,
  // price must be above 0 for merchant listings; availability is recommended by Google and
  // required by the shop (issue 30: "availability from stock").
  Offer: ["price", "priceCurrency", "availability", "sku", "url"] satisfies Keys<OfferLeaf>,
  BreadcrumbList: ["itemListElement"] satisfies Keys<BreadcrumbListLeaf>,
  ListItem: ["position", "name", "item"] satisfies Keys<ListItemLeaf>,
  Organization: [
    "name",
    "url",
    "logo",
    "taxID",
    "vatID",
    "address",
    "contactPoint",
  ] satisfies Keys<OrganizationLeaf>,
  WebSite: ["url", "name", "potentialAction"] satisfies Keys<WebSiteLeaf>,
  MerchantReturnPolicy: [
    "applicableCountry",
    "returnPolicyCategory",
    "merchantReturnDays",
  ] satisfies Keys<MerchantReturnPolicyLeaf>,
} as const;

/** Properties whose values are URLs: absolute, and the shop's on the configured public origin. */
const URL_PROPERTIES = ["url", "item", "logo", "urlTemplate", "@id"] as const;

type Node = Record<string, unknown>;

const AVAILABILITIES = [
  "https://schema.org/InStock",
  "https://schema.org/OutOfStock",
  "https://schema.org/LimitedAvailability",
  "https://schema.org/PreOrder",
  "https://schema.org/BackOrder",
  "https://schema.org/SoldOut",
  "https://schema.org/Discontinued",
];

/** What is wrong with a page's graph, as readable lines; empty when nothing is. */
function problemsOf(graph: unknown): string[] {
  const problems: string[] = [];
  const root = graph as { "@context"?: unknown; "@graph"?: unknown };
  if (root["@context"] !== "https://schema.org")
    problems.push("@context is not https://schema.org");
  if (!Array.isArray(root["@graph"])) return [...problems, "@graph is not a list"];

  const missing = (node: Node, type: keyof typeof REQUIRED, where: string) => {
    for (const property of REQUIRED[type]) {
      const value = node[property];
      if (
        value === undefined ||
        value === null ||
        value === "" ||
        (Array.isArray(value) && value.length === 0)
      ) {
        problems.push(`${where}: ${type} without ${property}`);
      }
    }
  };
  const urls = (node: unknown, where: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        urls(item, `${where}[${index}]`);
      });
      return;
    }
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if ((URL_PROPERTIES as readonly string[]).includes(key) && typeof value === "string") {
        if (!value.startsWith(`${ORIGIN}/`))
          problems.push(`${where}.${key} is not on ${ORIGIN}: ${value}`);
      } else if (key === "image") {
        for (const image of [value].flat()) {
          if (typeof image !== "string" || !/^https?:\/\//.test(image)) {
            problems.push(`${where}.image is not absolute: ${String(image)}`);
          }
        }
      } else urls(value, `${where}.${key}`);
    }
  };

  (root["@graph"] as Node[]).forEach((node, index) => {
    const where = `@graph[${index}]`;
    const type = node["@type"];
    if (typeof type !== "string") problems.push(`${where} has no @type`);
    urls(node, where);
    if (type === "Product") {
      missing(node, "Product", where);
      const offers = [node.offers ?? []].flat() as Node[];
      offers.forEach((offer, at) => {
        const place = `${where}.offers[${at}]`;
        if (offer["@type"] !== "Offer") problems.push(`${place} is not an Offer`);
        missing(offer, "Offer", place);
        if (!(typeof offer.price === "number" && offer.price > 0)) {
          problems.push(`${place}.price is not a number above 0: ${String(offer.price)}`);
        }
        if (!/^[A-Z]{3}$/.test(String(offer.priceCurrency))) {
          problems.push(`${place}.priceCurrency is not ISO 4217: ${String(offer.priceCurrency)}`);
        }
        if (!AVAILABILITIES.includes(String(offer.availability))) {
          problems.push(`${place}.availability is not schema.org's: ${String(offer.availability)}`);
        }
      });
    } else if (type === "BreadcrumbList") {
      missing(node, "BreadcrumbList", where);
      const items = (node.itemListElement ?? []) as Node[];
      if (items.length < 2) problems.push(`${where}: fewer than two ListItems`);
      items.forEach((item, at) => {
        missing(item, "ListItem", `${where}.itemListElement[${at}]`);
        if (item.position !== at + 1)
          problems.push(`${where}.itemListElement[${at}].position is not ${at + 1}`);
      });
    } else if (type === "Organization") {
      missing(node, "Organization", where);
      const policy = node.hasMerchantReturnPolicy as Node | undefined;
      if (policy?.["@type"] !== "MerchantReturnPolicy") problems.push(`${where}: no return policy`);
      else missing(policy, "MerchantReturnPolicy", `${where}.hasMerchantReturnPolicy`);
    } else if (type === "WebSite") {
      missing(node, "WebSite", where);
      const action = node.potentialAction as Node | undefined;
      const template = (action?.target as Node | undefined)?.urlTemplate;
      if (
        action?.["@type"] !== "SearchAction" ||
        !String(template).includes("{search_term_string}")
      ) {
        problems.push(`${where}: no SearchAction with {search_term_string}`);
      }
      if (action?.["query-input"] !== "required name=search_term_string") {
        problems.push(`${where}: the SearchAction's query-input does not name search_term_string`);
      }
    }
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------

const storefrontUrl = withBuiltStorefront();

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

interface Page {
  html: string;
  graphs: unknown[];
  /** `og:*`, `product:*` and `twitter:*` tags. */
  tags: Record<string, string>;
}

async function page(path: string, cookie?: string): Promise<Page> {
  const response = await fetch(`${storefrontUrl()}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const graphs = [
    ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map(([, text]) => JSON.parse(text ?? ""));
  const tags: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<meta [^>]*>/g)) {
    const key = tag.match(/(?:property|name)="((?:og|product|twitter):[^"]+)"/)?.[1];
    const content = tag.match(/content="([^"]*)"/)?.[1];
    if (key && content !== undefined) tags[key] = decode(content);
  }
  return { html, graphs, tags };
}

function nodesOf(graph: unknown, type: string): Node[] {
  return ((graph as { "@graph": Node[] })["@graph"] ?? []).filter((node) => node["@type"] === type);
}

/** The one graph of a page, checked: no problem found. */
function checkedGraph(result: Page): unknown {
  expect(result.graphs).toHaveLength(1);
  const [graph] = result.graphs;
  expect(problemsOf(graph)).toEqual([]);
  return graph;
}

describe("the rules themselves", () => {
  const valid = {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Product",
        name: "Mugg",
        image: [`${ORIGIN}/m.png`],
        offers: [
          {
            "@type": "Offer",
            sku: "M-1",
            url: `${ORIGIN}/produkt/mugg`,
            price: 149,
            priceCurrency: "SEK",
            availability: "https://schema.org/InStock",
          },
        ],
      },
      {
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Start", item: `${ORIGIN}/` },
          { "@type": "ListItem", position: 2, name: "Mugg", item: `${ORIGIN}/produkt/mugg` },
        ],
      },
    ],
  };

  it("find nothing wrong with a graph that has every required property", () => {
    expect(problemsOf(valid)).toEqual([]);
  });

  it("fail a graph that lacks a required property, or names a URL elsewhere", () => {
    const broken = structuredClone(valid) as { "@graph": Node[] };
    const [product, breadcrumb] = broken["@graph"] as [Node, Node];
    delete ((product.offers as Node[])[0] as Node).price;
    delete product.image;
    ((breadcrumb.itemListElement as Node[])[1] as Node).item = "https://evil.example/x";
    expect(problemsOf(broken)).toEqual(
      expect.arrayContaining([
        "@graph[0]: Product without image",
        "@graph[0].offers[0]: Offer without price",
        expect.stringContaining("@graph[1].itemListElement[1].item is not on"),
      ]),
    );
  });
});

describe("the home page", () => {
  it("describes the shop: an Organization with its numbers and a WebSite that can be searched", async () => {
    const home = await page("/sv-se");
    const graph = checkedGraph(home);
    const [organization] = nodesOf(graph, "Organization");
    expect(organization).toMatchObject({
      name: "Kassa Handel AB",
      taxID: "559321-4876",
      vatID: "SE559321487601",
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/images/logo.png`,
    });
    const [site] = nodesOf(graph, "WebSite");
    expect(site).toMatchObject({
      potentialAction: { target: { urlTemplate: `${ORIGIN}/sv-se/search?q={search_term_string}` } },
    });
    expect(home.tags).toMatchObject({
      "og:type": "website",
      "og:url": `${ORIGIN}/sv-se`,
      "og:image": `${ORIGIN}/images/share.png`,
      "og:locale": "sv_SE",
      "og:site_name": "Kassa",
      "twitter:card": "summary_large_image",
    });
    expect(home.tags["og:title"]).toMatch(/^Kassa/);
    expect(home.tags["og:description"]?.length).toBeGreaterThan(20);
  });
});

describe("a category page", () => {
  it("has the breadcrumb it shows, with absolute URLs", async () => {
    const category = await page("/sv-se/kategori/klader/trojor");
    const graph = checkedGraph(category);
    const [breadcrumb] = nodesOf(graph, "BreadcrumbList");
    expect(breadcrumb?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Start", item: `${ORIGIN}/sv-se` },
      { "@type": "ListItem", position: 2, name: "Kläder", item: `${ORIGIN}/sv-se/kategori/klader` },
      {
        "@type": "ListItem",
        position: 3,
        name: "Tröjor",
        item: `${ORIGIN}/sv-se/kategori/klader/trojor`,
      },
    ]);
    expect(category.tags).toMatchObject({
      "og:type": "website",
      "og:url": `${ORIGIN}/sv-se/kategori/klader/trojor`,
    });
  });
});

describe("a product page", () => {
  /** The price the page shows (`data-testid="product-price"`), as text. */
  function shownPrice(html: string): string {
    const at = html.indexOf('data-testid="product-price"');
    return decode(html.slice(at, html.indexOf("</div>", at)).replace(/<[^>]+>/g, " "));
  }

  it("offers every variant at the price the page shows, with its SKU and stock", async () => {
    const { slug } = SEED_FIXTURES.multiVariant;
    const product = await page(`/sv-se/produkt/${slug}`);
    const graph = checkedGraph(product);
    const [node] = nodesOf(graph, "Product");
    const offers = (node?.offers ?? []) as Node[];
    expect(offers.length).toBe(12);
    expect(new Set(offers.map((offer) => offer.sku)).size).toBe(12);
    expect(node).toMatchObject({
      url: `${ORIGIN}/sv-se/produkt/${slug}`,
      brand: { "@type": "Brand" },
    });

    // The variant the page shows: its SKU is on the page, its price is the one shown.
    const sku = product.html.match(/Artikelnummer<!-- -->: <!-- -->([^<]+)</)?.[1];
    const shown = offers.find((offer) => offer.sku === sku);
    expect(shown, `an Offer for the shown SKU ${sku}`).toBeDefined();
    const price = Number(shown?.price);
    const formatted = formatMoney(Math.round(price * 100), "SEK", "sv-SE");
    expect(shownPrice(product.html)).toContain(formatted);

    expect(product.tags).toMatchObject({
      "og:type": "product",
      "og:url": `${ORIGIN}/sv-se/produkt/${slug}`,
      "product:price:amount": price.toFixed(2),
      "product:price:currency": "SEK",
    });
    expect(product.tags["og:image"]).toMatch(/^https?:\/\/.+/);

    const [breadcrumb] = nodesOf(graph, "BreadcrumbList");
    expect(((breadcrumb?.itemListElement ?? []) as Node[]).map((item) => item.name)).toEqual([
      "Start",
      "Kläder",
      "Tröjor",
      expect.any(String),
    ]);
  });

  it("says which variant is sold out", async () => {
    const graph = checkedGraph(await page(`/sv-se/produkt/${SEED_FIXTURES.soldOut.slug}`));
    const availability = ((nodesOf(graph, "Product")[0]?.offers ?? []) as Node[]).map(
      (offer) => offer.availability,
    );
    expect(availability).toContain("https://schema.org/OutOfStock");
    expect(availability).toContain("https://schema.org/InStock");
  });

  it("is sale-priced where the page shows a sale price, in euro in Finland", async () => {
    const { slug } = SEED_FIXTURES.onSale;
    const cookie = (await storefrontCookies().market.serialize("FI")).split(";")[0];
    const product = await page(`/tuote/${slug}`, cookie);
    const graph = checkedGraph(product);
    const [offer] = (nodesOf(graph, "Product")[0]?.offers ?? []) as Node[];
    expect(offer?.priceCurrency).toBe("EUR");
    const formatted = formatMoney(Math.round(Number(offer?.price) * 100), "EUR", "fi-FI");
    expect(shownPrice(product.html)).toContain(formatted);
    expect(product.tags["product:price:currency"]).toBe("EUR");
    expect(product.tags["og:locale"]).toBe("fi_FI");
  });

  it("cannot be closed early by a text of the catalogue", async () => {
    // Every JSON-LD script on the pages above parsed whole; and none holds a raw `<`.
    const product = await page(`/sv-se/produkt/${SEED_FIXTURES.simple.slug}`);
    const [, text] =
      product.html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/) ?? [];
    expect(text).not.toMatch(/[<>]/);
  });
});

describe("the other public pages", () => {
  it.each(["/sv-se/kopvillkor", "/sv-se/presentkort", "/sv-se/newsletter", "/sv-se/search?q=ull"])(
    "%s can be shared: absolute URL and picture, site name, a large card",
    async (path) => {
      const { tags } = await page(path);
      expect(tags["og:url"]).toMatch(new RegExp(`^${ORIGIN}/`));
      expect(tags["og:image"]).toBe(`${ORIGIN}/images/share.png`);
      expect(tags["og:site_name"]).toBe("Kassa");
      expect(tags["og:title"]).toBeTruthy();
      expect(tags["og:description"]).toBeTruthy();
      expect(tags["twitter:card"]).toBe("summary_large_image");
    },
  );
});
