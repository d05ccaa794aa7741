import type { ProductBySlugReply, ProductPage } from "@kassa/api-client";
import { and, arrayContains, asc, eq, inArray, min, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  categoryListings,
  productParents,
  productVariants,
  type Translations,
  variantPrices,
} from "../../db/schema.js";
import { notFound } from "../../http/http-error.js";
import { allCategories, normalizeCategoryUri } from "./categories.js";
import { translate } from "./language.js";
import { variantPriceIn } from "./prices.js";
import { loadProducts, type ProductContext } from "./products.js";

export const DEFAULT_PER_PAGE = 24;
export const MAX_PER_PAGE = 100;

export interface Paging {
  page?: number;
  per_page?: number;
}

export type TagSort = "name" | "price_asc" | "price_desc" | "newest";

/** Cuts one page out of an ordered list of product ids and loads those products. */
async function productPage(
  db: Database,
  orderedIds: readonly string[],
  paging: Paging,
  context: ProductContext,
): Promise<ProductPage> {
  const page = paging.page ?? 1;
  const perPage = paging.per_page ?? DEFAULT_PER_PAGE;
  const start = (page - 1) * perPage;
  const data = await loadProducts(db, orderedIds.slice(start, start + perPage), context);
  return {
    data,
    total: orderedIds.length,
    total_pages: Math.ceil(orderedIds.length / perPage),
    page,
  };
}

/**
 * One page of a category's products from its stored list (`category_listings`): the page is a
 * range of positions and the total the highest position, so the first page and the thousandth
 * cost the same, at 1,000 products or 100,000.
 */
async function productsInCategory(
  db: Database,
  categoryId: string,
  includeChildren: boolean,
  paging: Paging,
  context: ProductContext,
): Promise<ProductPage> {
  const page = paging.page ?? 1;
  const perPage = paging.per_page ?? DEFAULT_PER_PAGE;
  // A page far past any list is a big number (bigint: a page number may be any safe integer).
  const start = (page - 1) * perPage;
  const inList = and(
    eq(categoryListings.categoryId, categoryId),
    eq(categoryListings.withDescendants, includeChildren),
  );
  const [row] = await db
    .select({
      total: sql<number>`coalesce((
        select max(${categoryListings.position}) from ${categoryListings} where ${inList}
      ), 0)::int`,
      ids: sql<string[]>`array(
        select ${categoryListings.productParentId} from ${categoryListings}
        where ${inList} and ${categoryListings.position} > ${start}::bigint
          and ${categoryListings.position} <= ${start + perPage}::bigint
        order by ${categoryListings.position}
      )`,
    })
    .from(sql`(select 1) as one`);
  const total = Number(row?.total ?? 0);
  return {
    data: await loadProducts(db, row?.ids ?? [], context),
    total,
    total_pages: Math.ceil(total / perPage),
    page,
  };
}

/** `POST /enad/get-products-by-category-uri/` */
export async function productsByCategoryUri(
  db: Database,
  query: Paging & { categoryUri: string; include_child_category_products?: boolean },
  context: ProductContext,
) {
  const uri = normalizeCategoryUri(query.categoryUri);
  const category = (await allCategories(db)).find((candidate) => candidate.uri === uri);
  if (!category) throw notFound("category not found", `No category with uri "${uri}"`);
  return productsInCategory(
    db,
    category.id,
    query.include_child_category_products ?? true,
    query,
    context,
  );
}

/** `POST /enad/get-products-by-category-id/` */
export async function productsByCategoryId(
  db: Database,
  query: Paging & { categoryId: string; include_child_category_products?: boolean },
  context: ProductContext,
) {
  const category = (await allCategories(db)).find((candidate) => candidate.id === query.categoryId);
  if (!category) throw notFound("category not found", `No category ${query.categoryId}`);
  return productsInCategory(
    db,
    category.id,
    query.include_child_category_products ?? true,
    query,
    context,
  );
}

/** `POST /enad/get-products-by-tag/` */
export async function productsByTag(
  db: Database,
  query: Paging & { tag: string; only_active?: boolean; sort?: TagSort },
  context: ProductContext,
) {
  const onlyActive = query.only_active ?? true;
  const rows = await db
    .select({
      id: productParents.id,
      name: productParents.name,
      createdAt: productParents.createdAt,
      sortOrder: productParents.sortOrder,
    })
    .from(productParents)
    .where(
      and(
        arrayContains(productParents.tags, [query.tag]),
        eq(productParents.isListed, true),
        onlyActive ? eq(productParents.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(productParents.sortOrder));

  const sorted = await sortProducts(db, rows, query.sort, context);
  return productPage(
    db,
    sorted.map((row) => row.id),
    query,
    context,
  );
}

interface SortableProduct {
  id: string;
  name: Translations;
  createdAt: Date;
  sortOrder: number;
}

async function sortProducts<Row extends SortableProduct>(
  db: Database,
  rows: Row[],
  sort: TagSort | undefined,
  context: ProductContext,
): Promise<Row[]> {
  switch (sort) {
    case "name": {
      const collator = new Intl.Collator(context.language);
      const name = (row: Row) => translate(row.name, context.language);
      return [...rows].sort(
        (a, b) => collator.compare(name(a), name(b)) || a.sortOrder - b.sortOrder,
      );
    }
    case "newest":
      return [...rows].sort(
        (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.sortOrder - b.sortOrder,
      );
    case "price_asc":
    case "price_desc": {
      const lowest = await lowestSalePrices(
        db,
        rows.map((row) => row.id),
        context,
      );
      const direction = sort === "price_asc" ? 1 : -1;
      // Products without a price in this market go last either way.
      const price = (row: Row) => lowest.get(row.id) ?? null;
      return [...rows].sort((a, b) => {
        const pa = price(a);
        const pb = price(b);
        if (pa === null || pb === null) return (pa === null ? 1 : 0) - (pb === null ? 1 : 0);
        return (pa - pb) * direction || a.sortOrder - b.sortOrder;
      });
    }
    default:
      return rows;
  }
}

async function lowestSalePrices(
  db: Database,
  parentIds: string[],
  { storeGroup, market }: ProductContext,
): Promise<Map<string, number>> {
  if (parentIds.length === 0) return new Map();
  const rows = await db
    .select({
      productParentId: productVariants.productParentId,
      lowest: min(variantPrices.salePriceAmount),
    })
    .from(productVariants)
    .innerJoin(variantPrices, variantPriceIn(productVariants.id, storeGroup.id, market.country))
    .where(inArray(productVariants.productParentId, parentIds))
    .groupBy(productVariants.productParentId);
  return new Map(
    rows.flatMap((row) => (row.lowest === null ? [] : [[row.productParentId, row.lowest]])),
  );
}

/** Splits a SKU query: one SKU, or a comma-separated list when `isMultiple` is true. */
export function skuTerms(skuQuery: string, isMultiple: boolean): string[] {
  const terms = isMultiple ? skuQuery.split(",") : [skuQuery];
  return [...new Set(terms.map((term) => term.trim().toUpperCase()).filter(Boolean))];
}

/**
 * `POST /enad/get-products-by-sku/`: the products owning variants with these SKUs (exact match,
 * any case), in the order the SKUs were asked for.
 */
export async function productsBySku(
  db: Database,
  query: Paging & { skuQuery: string; isMultiple?: boolean },
  context: ProductContext,
) {
  const terms = skuTerms(query.skuQuery, query.isMultiple ?? false);
  if (terms.length === 0) return productPage(db, [], query, context);
  const rows = await db
    .select({ sku: productVariants.sku, productParentId: productVariants.productParentId })
    .from(productVariants)
    .innerJoin(productParents, eq(productParents.id, productVariants.productParentId))
    .where(
      and(inArray(sql`upper(${productVariants.sku})`, terms), eq(productParents.isActive, true)),
    );
  const parentBySku = new Map(rows.map((row) => [row.sku.toUpperCase(), row.productParentId]));
  const ids = [
    ...new Set(terms.map((term) => parentBySku.get(term)).filter((id) => id !== undefined)),
  ];
  return productPage(db, ids, query, context);
}

/** The most ids one `get-products-by-ids` call may name: a wishlist (50) or compare list fits. */
export const MAX_PRODUCT_IDS = 100;

/**
 * `POST /enad/get-products-by-ids/`: the active products among these product (parent) ids, in the
 * order they were asked for, each once; unknown and inactive ids are skipped. Unlisted products are
 * included, as by slug: a list a shopper kept names whatever product they saw. `per_page`
 * defaults to {@link MAX_PRODUCT_IDS}, so every id asked for comes back on the first page.
 */
export async function productsByIds(
  db: Database,
  query: Paging & { productIds: readonly string[] },
  context: ProductContext,
) {
  const asked = [...new Set(query.productIds)];
  const rows = await db
    .select({ id: productParents.id })
    .from(productParents)
    .where(and(inArray(productParents.id, asked), eq(productParents.isActive, true)));
  const active = new Set(rows.map((row) => row.id));
  const ids = asked.filter((id) => active.has(id));
  return productPage(db, ids, { ...query, per_page: query.per_page ?? MAX_PRODUCT_IDS }, context);
}

/** `POST /enad/get-product-by-slug/`: the active product with this slug, or null. */
export async function productBySlug(
  db: Database,
  slug: string,
  context: ProductContext,
): Promise<ProductBySlugReply> {
  const [row] = await db
    .select({ id: productParents.id })
    .from(productParents)
    .where(
      and(eq(productParents.slug, slug.trim().toLowerCase()), eq(productParents.isActive, true)),
    );
  if (!row) return { data: null };
  const [product] = await loadProducts(db, [row.id], context);
  return { data: product ?? null };
}
