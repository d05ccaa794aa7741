import type { SitemapProductsReply } from "@kassa/api-client";
import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { productParents, productVariants, variantPrices } from "../../db/schema.js";
import type { MarketContext } from "./markets.js";
import { variantPriceIn } from "./prices.js";

export const DEFAULT_SITEMAP_PAGE = 5000;
export const MAX_SITEMAP_PAGE = 5000;

/**
 * Products a market sells: active, listed (an add-on such as the gift box has no page of its
 * own to list), and with a price in the store group and market for at least one variant (a
 * product page without one offers nothing to buy). Every condition reads an index: the
 * parents' primary key in id order, the variants by parent, the prices by their key.
 */
function soldIn({ storeGroup, market }: MarketContext) {
  return and(
    eq(productParents.isActive, true),
    eq(productParents.isListed, true),
    sql`exists (select 1 from ${productVariants} inner join ${variantPrices} on ${variantPriceIn(
      productVariants.id,
      storeGroup.id,
      market.country,
    )} where ${productVariants.productParentId} = ${productParents.id})`,
  );
}

/**
 * `POST /enad/get-sitemap-products/`: one page of the products a market sells, by id, after
 * `after`: keyset paging, so the last page of 100,000 products costs what the first does.
 */
export async function sitemapProducts(
  db: Database,
  query: { after?: string; limit?: number },
  context: MarketContext,
): Promise<SitemapProductsReply> {
  const limit = query.limit ?? DEFAULT_SITEMAP_PAGE;
  const rows = await db
    .select({
      id: productParents.id,
      slug: productParents.slug,
      updatedAt: productParents.updatedAt,
    })
    .from(productParents)
    .where(
      and(
        soldIn(context),
        query.after === undefined ? undefined : gt(productParents.id, query.after),
      ),
    )
    .orderBy(asc(productParents.id))
    // One more than asked says whether another page follows, without a count.
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const reply: SitemapProductsReply = {
    data: page.map((row) => ({
      id: row.id,
      slug: row.slug,
      updatedAt: row.updatedAt.toISOString(),
    })),
    next: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
  if (query.after === undefined) {
    const [total] = await db.select({ n: count() }).from(productParents).where(soldIn(context));
    reply.total = total?.n ?? 0;
  }
  return reply;
}
