import type {
  PlatformErrorBody,
  ProductPage,
  ProductSearchReply,
  SearchSuggestionsReply,
} from "@kassa/api-client";
import { SEARCH_QUERY_MAX_LENGTH } from "@kassa/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productParents, productVariants } from "../src/db/schema.js";
import { resolveMarket, resolveStoreGroup } from "../src/modules/catalogue/markets.js";
import { searchProducts } from "../src/modules/search/search-queries.js";
import { hasTrigram } from "../src/modules/search/trigram.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

const SE = { storeGroupSlug: "default", market: "SE", language: "sv" };
const FI = { storeGroupSlug: "default", market: "FI", language: "fi" };
const EN = { storeGroupSlug: "default", market: "SE", language: "en" };

async function search(body: Record<string, unknown>) {
  const { status, body: reply } = await platform.request<ProductSearchReply & PlatformErrorBody>(
    "POST",
    "/enad/search-products/",
    // The shop's call (its token): the business store group's prices are its to read.
    { body: { per_page: 100, ...body }, storefront: true },
  );
  return { status, reply };
}

async function names(body: Record<string, unknown>) {
  const { status, reply } = await search(body);
  expect(status).toBe(200);
  return reply.data.map((product) => product.name);
}

describe("POST /enad/search-products/: what it finds", () => {
  it("finds a Swedish word in another form: 'tröjor' and 'tröja' find the sweaters", async () => {
    for (const query of ["tröjor", "tröja"]) {
      const found = await names({ ...SE, query });
      expect(found).toContain("Ulltröja Fjäll");
      expect(found).toContain("Kofta Dalarna");
      expect(found).not.toContain("Mössa Fjäll");
    }
  });

  it("finds words typed without their accents: 'troja', 'skarbrada'", async () => {
    expect(await names({ ...SE, query: "troja" })).toContain("Huvtröja Kiruna");
    expect(await names({ ...SE, query: "skarbrada" })).toEqual([
      "Skärbräda Dalarna",
      "Skärbräda Ystad",
    ]);
  });

  it("finds Finnish inflections and words without ä: 'neuletta', 'lapasia', 'kasineet'", async () => {
    expect(await names({ ...FI, query: "neuletta" })).toContain("Villaneule Fjäll");
    const mittens = await names({ ...FI, query: "lapasia" });
    expect(mittens).toContain("Lapaset Inari");
    expect(await names({ ...FI, query: "kasineet" })).toEqual(["Käsineet Kiruna"]);
  });

  it("finds through typos and offers the spelling it knows", async () => {
    const { reply: sweater } = await search({ ...EN, query: "sweter" });
    expect(sweater.data.map((product) => product.name)).toContain("Wool sweater Fjäll");
    expect(sweater.suggestion).toBe("sweater");

    const { reply: troija } = await search({ ...SE, query: "tröija" });
    expect(troija.data.map((product) => product.name)).toContain("Ulltröja Fjäll");
    expect(troija.suggestion).toBe("tröjor");
  });

  it("finds a tail of a compound word: 'sockor' finds the Ullsockor", async () => {
    const { reply } = await search({ ...SE, query: "sockor" });
    expect(reply.data.map((product) => product.name)).toContain("Ullsockor Fjäll");
  });

  it("gives no suggestion when every word is known", async () => {
    const { reply } = await search({ ...SE, query: "ulltröja" });
    expect(reply.total).toBeGreaterThan(0);
    expect(reply.suggestion).toBeNull();
  });

  it("finds nothing for a word that is nowhere near, yet suggests the words it can correct", async () => {
    const { reply: nothing } = await search({ ...SE, query: "xyzzyq" });
    expect(nothing).toMatchObject({ data: [], total: 0, total_pages: 0, suggestion: null });

    const { reply: partly } = await search({ ...SE, query: "tröija xyzzyq" });
    expect(partly.total).toBe(0);
    expect(partly.suggestion).toBe("tröjor");
  });

  it("finds a product by SKU, whole or its start, in any case", async () => {
    expect(await names({ ...SE, query: "KS1001-NAV-S" })).toEqual(["Ulltröja Fjäll"]);
    expect(await names({ ...SE, query: "ks1001" })).toEqual(["Ulltröja Fjäll"]);
  });

  it("finds by brand and by colour, and needs every word", async () => {
    const nordvik = await names({ ...SE, query: "Nordvik" });
    expect(nordvik).toContain("Kofta Åland");
    expect(nordvik).not.toContain("Ulltröja Fjäll");

    const navy = await names({ ...SE, query: "marinblå" });
    expect(navy).toContain("Ulltröja Fjäll");
    expect(navy).not.toContain("Ulltröja Skärgård".replace("Skärgård", "Lappland"));

    const navyBeanies = await names({ ...SE, query: "marinbla mössa" });
    expect(navyBeanies.length).toBeGreaterThan(0);
    expect(navyBeanies.every((name) => /Mössa|Vantar/.test(name))).toBe(true);
  });

  it("finds by category name, a parent category finding its subcategories' products", async () => {
    const kitchen = await names({ ...SE, query: "kök" });
    expect(kitchen).toContain("Emaljmugg Koli");
    const clothing = await names({ ...SE, query: "kläder" });
    expect(clothing).toContain("Ulltröja Fjäll");
    expect(clothing).toContain("Ullsockor Fjäll");
  });

  it("searches the language asked: a Finnish word finds nothing in Swedish", async () => {
    expect(await names({ ...FI, query: "villaneule" })).toContain("Villaneule Fjäll");
    expect(await names({ ...SE, query: "villaneule" })).toEqual([]);
    expect(await names({ ...EN, query: "cardigan" })).toContain("Cardigan Dalarna");
  });

  it("leaves out inactive and unlisted products", async () => {
    const archived = await names({ ...SE, query: "arkiv" });
    expect(archived).toEqual([]);
    expect(await names({ ...SE, query: "presentask" })).toEqual([]);
  });

  it("ranks a name match above a category or colour match", async () => {
    const found = await names({ ...SE, query: "kofta" });
    expect(found.slice(0, 3).every((name) => name.startsWith("Kofta"))).toBe(true);
  });
});

describe("POST /enad/search-products/: prices and paging", () => {
  async function listing(body: Record<string, unknown>) {
    const { body: page } = await platform.request<ProductPage>(
      "POST",
      "/enad/get-products-by-category-uri/",
      { body: { ...body, categoryUri: "klader/trojor", per_page: 100 }, storefront: true },
    );
    return new Map(page.data.map((product) => [product.id, product]));
  }

  it("answers each product exactly as the category listing does, per market and store group", async () => {
    const sweaters = [
      { context: SE, query: "tröjor" },
      { context: FI, query: "neuleet" },
      { context: { ...SE, storeGroupSlug: "business" }, query: "tröjor" },
    ];
    for (const { context, query } of sweaters) {
      const { reply } = await search({ ...context, query });
      const listed = await listing(context);
      expect(reply.data.length).toBeGreaterThan(0);
      for (const product of reply.data) {
        expect(product).toEqual(listed.get(product.id));
      }
    }
    const [{ reply: se }, { reply: fi }, { reply: business }] = await Promise.all([
      search({ ...SE, query: "ulltröja fjäll" }),
      search({ ...FI, query: "villaneule fjäll" }),
      search({ ...SE, storeGroupSlug: "business", query: "ulltröja fjäll" }),
    ]);
    expect(se.data[0]?.price?.currencyCode).toBe("SEK");
    expect(fi.data[0]?.price?.currencyCode).toBe("EUR");
    expect(business.data[0]?.price?.salePriceAmount).toBeLessThan(
      se.data[0]?.price?.salePriceAmount ?? 0,
    );
    expect(se.data[0]?.isAvailable).toBe(true);
  });

  it("pages the results: per_page, page, total and total_pages, with no product twice", async () => {
    const { reply: all } = await search({ ...SE, query: "kläder", per_page: 100 });
    expect(all.total).toBe(all.data.length);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 4); page++) {
      const { reply } = await search({ ...SE, query: "kläder", per_page: 4, page });
      expect(reply).toMatchObject({
        total: all.total,
        page,
        total_pages: Math.ceil(all.total / 4),
      });
      seen.push(...reply.data.map((product) => product.id));
    }
    expect(seen).toEqual(all.data.map((product) => product.id));

    const { reply: past } = await search({ ...SE, query: "kläder", per_page: 4, page: 99 });
    expect(past).toMatchObject({ data: [], total: all.total, page: 99 });
  });

  it("defaults to 24 a page and answers the cleaned query", async () => {
    const { reply } = await search({ ...SE, query: "  kläder  ", per_page: undefined });
    expect(reply.data.length).toBe(Math.min(24, reply.total));
    expect(reply.query).toBe("kläder");
  });
});

describe("POST /enad/search-products/: refused queries", () => {
  it("answers 400 with the platform error body for an empty or punctuation-only query", async () => {
    for (const query of ["", "   ", "?!"]) {
      const { status, reply } = await search({ ...SE, query });
      expect(status).toBe(400);
      expect(reply).toMatchObject({ statusCode: 400, error: "BAD_REQUEST" });
      expect(reply.errors?.join()).toContain("query");
      expect(typeof reply.requestId).toBe("string");
    }
  });

  it("answers 400 for a query longer than the limit, a missing query or an unknown market", async () => {
    expect((await search({ ...SE, query: "a".repeat(SEARCH_QUERY_MAX_LENGTH + 1) })).status).toBe(
      400,
    );
    expect((await search({ ...SE })).status).toBe(400);
    expect((await search({ ...SE, market: "XX", query: "pläd" })).status).toBe(400);
    expect((await search({ ...SE, query: "pläd", per_page: 1000 })).status).toBe(400);
  });
});

describe("POST /enad/search-suggestions/", () => {
  async function suggest(body: Record<string, unknown>) {
    return platform.request<SearchSuggestionsReply & PlatformErrorBody>(
      "POST",
      "/enad/search-suggestions/",
      { body },
    );
  }

  it("answers the top product names and matching categories for the start of a word", async () => {
    const { status, body } = await suggest({ ...SE, query: "tröj", limit: 3 });
    expect(status).toBe(200);
    expect(body.products).toHaveLength(3);
    expect(body.products[0]).toEqual({
      id: expect.any(String),
      slug: expect.any(String),
      name: expect.stringMatching(/tröja|Kofta/i),
    });
    expect(body.categories).toEqual([{ id: "cat-trojor", uri: "klader/trojor", name: "Tröjor" }]);
    expect(body.total).toBeGreaterThan(3);
  });

  it("speaks the language asked", async () => {
    const { body } = await suggest({ ...FI, query: "neul" });
    expect(body.categories.map((category) => category.name)).toEqual(["Neuleet"]);
    expect(body.products.every((product) => /neule/i.test(product.name) || product.name)).toBe(
      true,
    );
  });

  it("refuses an empty query and a limit above 10", async () => {
    expect((await suggest({ ...SE, query: " " })).status).toBe(400);
    expect((await suggest({ ...SE, query: "ull", limit: 11 })).status).toBe(400);
  });
});

describe("the search documents follow the catalogue", () => {
  it("a renamed product is found by its new name and no longer by its old one", async () => {
    const { db } = platform;
    const [row] = await db.select().from(productParents).where(eq(productParents.id, "pp-1044"));
    await db
      .update(productParents)
      .set({ name: { ...row!.name, sv: "Brödbräda Ystad" } })
      .where(eq(productParents.id, "pp-1044"));
    try {
      expect(await names({ ...SE, query: "brödbrädor" })).toEqual(["Brödbräda Ystad"]);
      expect(await names({ ...SE, query: "skärbräda ystad" })).toEqual([]);
    } finally {
      await db
        .update(productParents)
        .set({ name: row!.name })
        .where(eq(productParents.id, "pp-1044"));
    }
  });

  it("a renamed category and a new colour are searchable at once", async () => {
    const { db } = platform;
    const [category] = await db.select().from(categories).where(eq(categories.id, "cat-kok"));
    await db
      .update(categories)
      .set({ name: { ...category!.name, sv: "Köksredskap" } })
      .where(eq(categories.id, "cat-kok"));
    await db.insert(productVariants).values({
      id: "pv-1044-99",
      productParentId: "pp-1044",
      sku: "KS1044-TST",
      color: { sv: "Turkos", fi: "Turkoosi", en: "Turquoise" },
      colorHex: "#30d5c8",
      sortOrder: 99,
    });
    try {
      expect(await names({ ...SE, query: "köksredskap" })).toContain("Emaljmugg Koli");
      expect(await names({ ...SE, query: "turkos" })).toEqual(["Skärbräda Ystad"]);
    } finally {
      await db.delete(productVariants).where(eq(productVariants.id, "pv-1044-99"));
      await db.update(categories).set({ name: category!.name }).where(eq(categories.id, "cat-kok"));
    }
    expect(await names({ ...SE, query: "turkos" })).toEqual([]);
  });

  it("the search uses the GIN index of the language's documents", async () => {
    const { db } = platform;
    await db.execute(sql`set enable_seqscan = off`);
    try {
      const result = (await db.execute(
        sql`explain select product_parent_id from product_search where document_sv @@ '''troj'':*'::tsquery`,
      )) as unknown as { rows: Record<string, string>[] };
      const plan = result.rows.map((row) => Object.values(row).join(" ")).join("\n");
      expect(plan).toContain("product_search_sv_idx");
    } finally {
      await db.execute(sql`reset enable_seqscan`);
    }
  });
});

describe("without trigram matching", () => {
  const context = {
    storeGroup: resolveStoreGroup("default")!,
    market: resolveMarket("SE")!,
    language: "sv" as const,
    publicUrl: "http://platform.test",
  };

  it("the database has pg_trgm here (PGlite loads it; PostgreSQL creates it)", async () => {
    expect(await hasTrigram(platform.db)).toBe(true);
  });

  it("still finds word forms and words without accents, but does not correct typos", async () => {
    const search = (query: string) =>
      searchProducts(platform.db, { query }, context, { trigram: false });
    expect((await search("troja")).total).toBeGreaterThan(0);
    expect((await search("KS1001")).total).toBe(1);
    expect(await search("tröija")).toMatchObject({ total: 0, suggestion: null });
  });
});
