import type { Product, ProductVariant } from "@kassa/api-client";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  productChildItems,
  productParentCategories,
  productParents,
  productVariants,
  variantStocks,
} from "../../db/schema.js";
import { availableQuantity } from "./availability.js";
import { productImageUrl } from "./image-urls.js";
import { type Language, translate } from "./language.js";
import type { MarketContext } from "./markets.js";
import { pricesOfVariants } from "./prices.js";
import { variantDisplayName, variantName } from "./variant-names.js";

/** Everything a product answer depends on besides the database. */
export interface ProductContext extends MarketContext {
  language: Language;
  publicUrl: string;
}

/**
 * Builds the `Product` answers for some product parents, in the order of `ids` (ids that do not
 * exist are skipped). A handful of queries for the whole page, not one per product.
 */
export async function loadProducts(
  db: Database,
  ids: readonly string[],
  context: ProductContext,
): Promise<Product[]> {
  if (ids.length === 0) return [];
  const parentIds = [...ids];
  const { language, market, publicUrl } = context;

  const [parents, variants, categoryLinks, childLinks] = await Promise.all([
    db.select().from(productParents).where(inArray(productParents.id, parentIds)),
    db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productParentId, parentIds))
      .orderBy(asc(productVariants.sortOrder)),
    db
      .select()
      .from(productParentCategories)
      .where(inArray(productParentCategories.productParentId, parentIds))
      .orderBy(asc(productParentCategories.categoryId)),
    db
      .select({
        productParentId: productChildItems.productParentId,
        childVariantId: productChildItems.childVariantId,
        childParentId: productVariants.productParentId,
        childColor: productVariants.color,
        childSize: productVariants.size,
        childParentName: productParents.name,
      })
      .from(productChildItems)
      .innerJoin(productVariants, eq(productVariants.id, productChildItems.childVariantId))
      .innerJoin(productParents, eq(productParents.id, productVariants.productParentId))
      .where(inArray(productChildItems.productParentId, parentIds))
      .orderBy(asc(productChildItems.sortOrder)),
  ]);

  const variantIds = variants.map((variant) => variant.id);
  const [prices, stocks] = await Promise.all([
    pricesOfVariants(db, variantIds, context),
    variantIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(variantStocks)
          .where(
            and(
              inArray(variantStocks.productVariantId, variantIds),
              eq(variantStocks.countryCode, market.country),
            ),
          ),
  ]);
  const stockByVariant = new Map(stocks.map((stock) => [stock.productVariantId, stock]));

  const byId = new Map(
    parents.map((parent) => {
      const name = translate(parent.name, language);
      const ownVariants = variants.filter((variant) => variant.productParentId === parent.id);
      const ownPrices = ownVariants
        .map((variant) => prices.get(variant.id))
        .filter((price) => price !== undefined);
      const isAvailable = ownVariants.some(
        (variant) =>
          prices.has(variant.id) && availableQuantity(stockByVariant.get(variant.id)) > 0,
      );
      const firstVariant = ownVariants[0];

      const product: Product = {
        id: parent.id,
        slug: parent.slug,
        name,
        description: translate(parent.description, language),
        brand: parent.brand,
        categoryIds: categoryLinks
          .filter((link) => link.productParentId === parent.id)
          .map((link) => link.categoryId),
        tags: parent.tags,
        imageUrl: productImageUrl(publicUrl, firstVariant?.id ?? parent.id),
        orderLimit: parent.orderLimit,
        variants: ownVariants.map((variant) => {
          const reply: ProductVariant = {
            id: variant.id,
            sku: variant.sku,
            name: variantName(variant, name, language),
            imageUrl: productImageUrl(publicUrl, variant.id),
          };
          if (variant.color) reply.color = translate(variant.color, language);
          if (variant.colorHex) reply.colorHex = variant.colorHex;
          if (variant.size) reply.size = variant.size;
          return reply;
        }),
        childItems: childLinks
          .filter((link) => link.productParentId === parent.id)
          .map((link) => ({
            productVariantId: link.childVariantId,
            productParentId: link.childParentId,
            name: variantDisplayName(
              { color: link.childColor, size: link.childSize },
              translate(link.childParentName, language),
              language,
            ),
          })),
        isAvailable,
      };
      if (ownPrices.length > 0) {
        const bases = ownPrices.map((price) => price.basePriceAmount);
        const sales = ownPrices.map((price) => price.salePriceAmount);
        product.price = {
          currencyCode: market.currency,
          basePriceAmount: Math.min(...bases),
          salePriceAmount: Math.min(...sales),
          hasPriceRange: new Set(bases).size > 1 || new Set(sales).size > 1,
        };
      }
      return [parent.id, product] as const;
    }),
  );

  return parentIds.map((id) => byId.get(id)).filter((product) => product !== undefined);
}
