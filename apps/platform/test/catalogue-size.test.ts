import type {
  Category,
  ItemAdded,
  PlatformErrorBody,
  ProductPage,
  ProductSearchReply,
  SessionStarted,
} from "@kassa/api-client";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  categories,
  productParentCategories,
  productParents,
  productVariants,
} from "../src/db/schema.js";
import { addSyntheticProducts } from "../src/seed/synthetic-products.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

// The seed option for a large catalogue (`--products N`) at a small size, and the category pages
// read from stored, numbered lists (drizzle/0013_category_listings.sql): every page and every
// count must still say exactly what the products and their categories say.

let platform: TestPlatform;

const TOTAL = 120;

beforeAll(async () => {
  // The seed, then the synthetic products on top of it (`--products N`): seeded here, as `pnpm seed`.
  platform = await startTestPlatform({ seed: "fresh" });
});

afterAll(async () => {
  await platform?.close();
});

const SE = { storeGroupSlug: "default", market: "SE", language: "sv" };

function lookup<Body = ProductPage>(path: string, body: Record<string, unknown>) {
  return platform.request<Body & PlatformErrorBody>("POST", `/enad/${path}/`, {
    body: { ...SE, ...body },
  });
}

/** The active, listed products a category page lists, straight from the tables, in page order. */
async function expectedListing(categoryIds: string[]): Promise<string[]> {
  const rows = await platform.db
    .selectDistinct({
      id: productParents.id,
      sortOrder: productParents.sortOrder,
    })
    .from(productParents)
    .innerJoin(
      productParentCategories,
      eq(productParentCategories.productParentId, productParents.id),
    )
    .where(
      and(
        inArray(productParentCategories.categoryId, categoryIds),
        eq(productParents.isActive, true),
        eq(productParents.isListed, true),
      ),
    )
    .orderBy(asc(productParents.sortOrder), asc(productParents.id));
  return rows.map((row) => row.id);
}

async function subtree(categoryId: string): Promise<string[]> {
  const all = await platform.db.select().from(categories);
  const ids = [categoryId];
  for (let i = 0; i < ids.length; i++) {
    for (const category of all) if (category.parentId === ids[i]) ids.push(category.id);
  }
  return ids;
}

/** Every page of a category, `perPage` at a time, as the storefront's pagination walks it. */
async function walk(categoryUri: string, perPage: number, includeChildren = true) {
  const first = await lookup("get-products-by-category-uri", {
    categoryUri,
    per_page: perPage,
    include_child_category_products: includeChildren,
  });
  const ids = first.body.data.map((product) => product.id);
  for (let page = 2; page <= first.body.total_pages; page++) {
    const { body } = await lookup("get-products-by-category-uri", {
      categoryUri,
      page,
      per_page: perPage,
      include_child_category_products: includeChildren,
    });
    expect(body.page).toBe(page);
    expect(body.total).toBe(first.body.total);
    ids.push(...body.data.map((product) => product.id));
  }
  return { total: first.body.total, totalPages: first.body.total_pages, ids };
}

describe("seed option: synthetic products up to a total", () => {
  it("adds product parents up to the total, and nothing when they are there", async () => {
    const added = await addSyntheticProducts(platform.db, TOTAL);
    expect(added.total).toBe(TOTAL);
    expect(added.added).toBeGreaterThan(0);
    const parents = await platform.db.select({ id: productParents.id }).from(productParents);
    expect(parents).toHaveLength(TOTAL);

    const again = await addSyntheticProducts(platform.db, TOTAL);
    expect(again).toMatchObject({ added: 0, total: TOTAL });
    // A larger total tops up, numbering on after the synthetic products already there.
    const more = await addSyntheticProducts(platform.db, TOTAL + 3);
    expect(more).toMatchObject({ added: 3, total: TOTAL + 3 });
    await platform.db
      .delete(productParents)
      .where(inArray(productParents.id, ["pps-72", "pps-73", "pps-74"]));
    expect(await platform.db.select({ id: productParents.id }).from(productParents)).toHaveLength(
      TOTAL,
    );
  });

  it("makes real products: listed in their category, searchable and buyable", async () => {
    const [variant] = await platform.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productParentId, "pps-7"))
      .orderBy(asc(productVariants.sortOrder));
    expect(variant?.sku).toMatch(/^SY7-1-[A-Z]{3}$/);

    const [parent] = await platform.db
      .select()
      .from(productParents)
      .where(eq(productParents.id, "pps-7"));
    expect(parent?.slug).toMatch(/^[a-z0-9-]+-7$/);
    const bySlug = await lookup<{ data: { id: string; isAvailable: boolean } | null }>(
      "get-product-by-slug",
      { slug: parent?.slug },
    );
    expect(bySlug.body.data).toMatchObject({ id: "pps-7", isAvailable: true });

    const [link] = await platform.db
      .select()
      .from(productParentCategories)
      .where(eq(productParentCategories.productParentId, "pps-7"));
    const listing = await walk(
      (await platform.db.select().from(categories)).find((c) => c.id === link?.categoryId)?.uri ??
        "",
      10,
    );
    expect(listing.ids).toContain("pps-7");

    const bySku = await lookup<ProductSearchReply>("search-products", {
      query: variant?.sku.toLowerCase(),
    });
    expect(bySku.body.data.map((product) => product.id)).toEqual(["pps-7"]);
    expect(bySku.body.total).toBe(1);
    const byName = await lookup<ProductSearchReply>("search-products", {
      query: parent?.name.sv,
    });
    expect(byName.body.data.map((product) => product.id)).toContain("pps-7");

    const { body: session } = await platform.request<SessionStarted>(
      "POST",
      "/shopper/sessions/start",
      { body: { storeGroupId: "default", countryCode: "SE", languageCode: "sv" } },
    );
    const added = await platform.request<ItemAdded & PlatformErrorBody>(
      "POST",
      "/shopper/sessions/items",
      { token: session.token, body: { productVariantId: variant?.id, quantity: 2 } },
    );
    expect(added.status).toBe(200);
    expect(added.body.cart.items.map((item) => item.productVariantId)).toContain(variant?.id);
  });
});

describe("category pages from the stored lists", () => {
  it("pages through every category exactly as the tables list it, with and without subcategories", async () => {
    const all = await platform.db.select().from(categories);
    const { body } = await lookup<{ data: Category[] }>("get-categories", {});
    for (const category of all) {
      const tree = await walk(category.uri, 7);
      const expected = await expectedListing(await subtree(category.id));
      expect(tree.ids).toEqual(expected);
      expect(tree.total).toBe(expected.length);
      expect(tree.totalPages).toBe(Math.ceil(expected.length / 7));
      expect(body.data.find((c) => c.id === category.id)?.productCount).toBe(expected.length);

      const own = await walk(category.uri, 7, false);
      expect(own.ids).toEqual(await expectedListing([category.id]));
    }
  });

  it("answers a page far past any list, as any page past the last", async () => {
    const { status, body } = await lookup("get-products-by-category-uri", {
      categoryUri: "klader",
      page: 2 ** 40,
      per_page: 100,
    });
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.page).toBe(2 ** 40);
  });

  it("answers a page past the last with no products and the true total", async () => {
    const { body } = await lookup("get-products-by-category-uri", {
      categoryUri: "klader",
      page: 500,
      per_page: 10,
    });
    const expected = await expectedListing(await subtree("cat-klader"));
    expect(body).toMatchObject({
      data: [],
      total: expected.length,
      total_pages: Math.ceil(expected.length / 10),
      page: 500,
    });
  });

  it("follows the catalogue: a product made inactive, unlisted, moved or re-sorted", async () => {
    const { db } = platform;
    const before = await walk("klader/trojor", 5);
    const [first, second] = before.ids;
    const lastId = before.ids.at(-1) as string;
    const [last] = await db.select().from(productParents).where(eq(productParents.id, lastId));
    try {
      await db.update(productParents).set({ isActive: false }).where(eq(productParents.id, first!));
      await db.update(productParents).set({ sortOrder: -1 }).where(eq(productParents.id, lastId));
      const after = await walk("klader/trojor", 5);
      expect(after.total).toBe(before.total - 1);
      expect(after.ids).not.toContain(first);
      expect(after.ids[0]).toBe(lastId);
      expect(after.ids[1]).toBe(second);

      await db
        .update(productParentCategories)
        .set({ categoryId: "cat-kok" })
        .where(eq(productParentCategories.productParentId, second!));
      const moved = await walk("klader/trojor", 5);
      expect(moved.ids).not.toContain(second);
      expect((await walk("hem-och-inredning/kok", 50)).ids).toContain(second);
    } finally {
      await db.update(productParents).set({ isActive: true }).where(eq(productParents.id, first!));
      await db
        .update(productParents)
        .set({ sortOrder: last!.sortOrder })
        .where(eq(productParents.id, lastId));
      await db
        .update(productParentCategories)
        .set({ categoryId: "cat-trojor" })
        .where(eq(productParentCategories.productParentId, second!));
    }
  });

  it("lets two transactions re-list at once (PostgreSQL; PGlite runs one at a time)", async () => {
    const { db } = platform;
    const [first, second] = (await walk("klader/trojor", 50)).ids;
    const ids = [first as string, second as string];
    const rows = await db.select().from(productParents).where(inArray(productParents.id, ids));
    const sortOrder = new Map(rows.map((row) => [row.id, row.sortOrder]));
    try {
      // The second re-lists while the first, having re-listed, is still open.
      await Promise.all(
        ids.map((id, index) =>
          db.transaction(async (tx) => {
            if (index === 1) await tx.execute(sql`select pg_sleep(0.1)`);
            await tx
              .update(productParents)
              .set({ sortOrder: (sortOrder.get(id) ?? 0) + 1_000_000 })
              .where(eq(productParents.id, id));
            if (index === 0) await tx.execute(sql`select pg_sleep(0.3)`);
          }),
        ),
      );
      const listing = await walk("klader/trojor", 50);
      expect(listing.ids).toEqual(await expectedListing(await subtree("cat-trojor")));
      expect(listing.ids.slice(-2)).toEqual(ids);
    } finally {
      for (const id of ids) {
        await db
          .update(productParents)
          .set({ sortOrder: sortOrder.get(id) as number })
          .where(eq(productParents.id, id));
      }
    }
  });
});
