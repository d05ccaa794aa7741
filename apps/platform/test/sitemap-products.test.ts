import type { PlatformErrorBody, SitemapProductsReply } from "@kassa/api-client";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productParents, productVariants, variantPrices } from "../src/db/schema.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

const SE = { storeGroupSlug: "default", market: "SE" };
const FI = { storeGroupSlug: "default", market: "FI" };
/** A discontinued product (`isActive: false`) and an unlisted add-on (the gift box). */
const INACTIVE = "pp-1048";
const UNLISTED = "pp-1047";

function sitemapProducts(body: Record<string, unknown>) {
  return platform.request<SitemapProductsReply & PlatformErrorBody>(
    "POST",
    "/enad/get-sitemap-products/",
    { body },
  );
}

/** Every page, following `next`. */
async function allPages(body: Record<string, unknown>) {
  const pages: SitemapProductsReply[] = [];
  let after: string | undefined;
  do {
    const { status, body: page } = await sitemapProducts({ ...body, after });
    expect(status).toBe(200);
    pages.push(page);
    after = page.next ?? undefined;
  } while (after !== undefined);
  return pages;
}

describe("POST /enad/get-sitemap-products/", () => {
  it("answers the active, listed products sold in the market, by id, with slug and last change, without a token", async () => {
    const { status, body, headers } = await sitemapProducts(SE);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    const ids = body.data.map((product) => product.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).not.toContain(INACTIVE);
    expect(ids).not.toContain(UNLISTED);
    expect(body.total).toBe(ids.length);
    expect(body.next).toBeNull();

    const rows = await platform.db
      .select({ id: productParents.id, slug: productParents.slug, at: productParents.updatedAt })
      .from(productParents)
      .where(and(eq(productParents.isActive, true), eq(productParents.isListed, true)));
    expect(ids).toEqual(rows.map((row) => row.id).sort());
    const first = rows.find((row) => row.id === ids[0]);
    expect(body.data[0]).toEqual({
      id: first?.id,
      slug: first?.slug,
      updatedAt: first?.at.toISOString(),
    });
  });

  it("pages by id: `next` is the last id, each product comes once, `total` only on the first page", async () => {
    const whole = (await sitemapProducts(SE)).body;
    const pages = await allPages({ ...SE, limit: 7 });
    expect(pages.length).toBe(Math.ceil(whole.data.length / 7));
    expect(pages.flatMap((page) => page.data)).toEqual(whole.data);
    expect(pages[0]?.next).toBe(pages[0]?.data.at(-1)?.id);
    expect(pages[0]?.total).toBe(whole.data.length);
    expect(pages[1]?.total).toBeUndefined();
    expect(pages.at(-1)?.next).toBeNull();
    // Past the end: an empty last page.
    const past = await sitemapProducts({ ...SE, after: "zz" });
    expect(past.body).toEqual({ data: [], next: null });
  });

  it("lists only what the market sells: a product without a price in the market is left out", async () => {
    const [product] = (await sitemapProducts({ ...FI, limit: 1 })).body.data;
    const productId = product?.id as string;
    const variants = platform.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productParentId, productId));
    await platform.db
      .delete(variantPrices)
      .where(
        and(inArray(variantPrices.productVariantId, variants), eq(variantPrices.countryCode, "FI")),
      );
    const inFinland = (await sitemapProducts(FI)).body;
    const inSweden = (await sitemapProducts(SE)).body;
    expect(inFinland.data.map((p) => p.id)).not.toContain(productId);
    expect(inSweden.data.map((p) => p.id)).toContain(productId);
    expect(inFinland.total).toBe((inSweden.total ?? 0) - 1);
  });

  it("dates a product from its last change of its row; an update that changes nothing is none", async () => {
    const before = (await sitemapProducts(SE)).body.data[1];
    const id = before?.id as string;
    const touch = (brand: ReturnType<typeof sql>) =>
      platform.db.update(productParents).set({ brand }).where(eq(productParents.id, id));
    await touch(sql`${productParents.brand}`);
    const same = (await sitemapProducts(SE)).body.data.find((product) => product.id === id);
    expect(same?.updatedAt).toBe(before?.updatedAt);
    await touch(sql`${productParents.brand} || ' Nordic'`);
    const after = (await sitemapProducts(SE)).body.data.find((product) => product.id === id);
    expect(Date.parse(after?.updatedAt ?? "")).toBeGreaterThan(Date.parse(before?.updatedAt ?? ""));
  });

  it("refuses an unknown market, a limit out of range and a bad cursor (400)", async () => {
    expect((await sitemapProducts({ ...SE, market: "XX" })).status).toBe(400);
    expect((await sitemapProducts({ ...SE, limit: 0 })).status).toBe(400);
    expect((await sitemapProducts({ ...SE, limit: 5001 })).status).toBe(400);
    expect((await sitemapProducts({ ...SE, after: "" })).status).toBe(400);
    expect((await sitemapProducts({ ...SE, after: 1 })).status).toBe(400);
  });

  it("can read the parents in id order through their primary key (as at 100,000 products)", async () => {
    // The seed is too small for the planner to prefer the index; forbid the other ways, as the
    // cost of a seq scan and a sort of 100,000 rows would.
    const plan = await platform.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return tx.execute(
        sql`explain select id from product_parents where id > 'pp-1001' order by id limit 5001`,
      );
    });
    expect(JSON.stringify(plan)).toMatch(/Index (Only )?Scan using product_parents_pkey/);
  });
});
