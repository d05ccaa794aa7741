import { MARKETS, STORE_GROUPS } from "@kassa/domain";
import type {
  categories,
  productChildItems,
  productParentCategories,
  productParents,
  productVariants,
  Translations,
  variantPrices,
  variantStocks,
} from "../db/schema.js";
import {
  CATEGORIES,
  COLOURS,
  type ColourDefinition,
  PRODUCT_TYPES,
  PRODUCTS,
  type ProductDefinition,
  type ProductTypeDefinition,
} from "./catalogue-data.js";
import { createPrng, type Prng } from "./prng.js";

/** Changing this changes every generated price adjustment, stock level and date. */
export const SEED = 20_251_121;

export interface SeedCatalogue {
  categories: (typeof categories.$inferInsert)[];
  productParents: (typeof productParents.$inferInsert)[];
  productParentCategories: (typeof productParentCategories.$inferInsert)[];
  productVariants: (typeof productVariants.$inferInsert)[];
  productChildItems: (typeof productChildItems.$inferInsert)[];
  variantPrices: (typeof variantPrices.$inferInsert)[];
  variantStocks: (typeof variantStocks.$inferInsert)[];
}

export const productParentId = (number: number) => `pp-${number}`;
export const productVariantId = (number: number, index: number) =>
  `pv-${number}-${String(index + 1).padStart(2, "0")}`;

/** `Ulltröja Fjäll` → `ulltroja-fjall`. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function productName(type: ProductTypeDefinition, line: string): Translations {
  const withLine = (name: string) => (line ? `${name} ${line}` : name);
  return { sv: withLine(type.name.sv), fi: withLine(type.name.fi), en: withLine(type.name.en) };
}

function productDescription(type: ProductTypeDefinition, line: string): Translations {
  const fill = (text: string) => text.replaceAll("{line}", line || type.name.sv);
  return {
    sv: fill(type.description.sv),
    fi: fill(type.description.fi),
    en: fill(type.description.en),
  };
}

function sizeCode(size: string): string {
  return size.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Prices: consumer prices in whole SEK are the source; EUR and net (business) prices derive from
// them so that every market's prices look like real shelf prices (…9 kr, …,90 €).
// ---------------------------------------------------------------------------------------------

export function euroCentsFor(sekWhole: number): number {
  return Math.max(390, Math.round(sekWhole / 11) * 100 - 10);
}

function saleSek(sekWhole: number): number {
  return Math.floor((sekWhole * 0.7) / 10) * 10 + 9;
}

function saleEuroCents(euroCents: number): number {
  return Math.floor((euroCents * 0.7) / 100) * 100 + 90;
}

/** A price net of VAT, from one that includes it. */
export function netOf(gross: number, vatRate: number): number {
  return Math.round((gross * 10_000) / (10_000 + vatRate));
}

function priceAdjustmentSek(prng: Prng, basePriceSek: number): number {
  return basePriceSek >= 700 ? prng.pick([0, 0, 0, 100, 200]) : prng.pick([0, 0, 0, 20, 50]);
}

// ---------------------------------------------------------------------------------------------
// Stock
// ---------------------------------------------------------------------------------------------

function randomStock(prng: Prng): { stockQuantity: number; reservedQuantity: number } {
  const roll = prng.next();
  const stockQuantity = roll < 0.07 ? 0 : roll < 0.14 ? prng.int(1, 3) : prng.int(8, 120);
  const reservedQuantity =
    stockQuantity > 0 && prng.chance(0.3) ? prng.int(1, Math.min(3, stockQuantity)) : 0;
  return { stockQuantity, reservedQuantity };
}

/**
 * Stock levels the fixtures promise (see fixtures.ts), applied over the random levels. Keyed by
 * variant id; a number means "at least this many available", an object sets the level exactly.
 */
const STOCK_OVERRIDES: Record<
  string,
  number | { stockQuantity: number; reservedQuantity: number }
> = {
  // simple: plenty
  "pv-1039-01": { stockQuantity: 500, reservedQuantity: 0 },
  // soldOut: the first colour is gone everywhere, the second is in stock
  "pv-1011-01": { stockQuantity: 0, reservedQuantity: 0 },
  "pv-1011-02": 25,
  // soldOutSize: navy M gone everywhere, navy S and L in stock
  "pv-1002-01": 20,
  "pv-1002-02": { stockQuantity: 0, reservedQuantity: 0 },
  "pv-1002-03": 20,
  // lowStock: three on the shelf, one held by a checkout → two available
  "pv-1014-01": { stockQuantity: 3, reservedQuantity: 1 },
  // orderLimit: every size in stock, well above the limit
  "pv-1019-01": 50,
  "pv-1019-02": 50,
  "pv-1019-03": 50,
  // withChildItem: the gift sets and their gift box
  "pv-1045-01": 50,
  "pv-1045-02": 50,
  "pv-1046-01": 30,
  "pv-1047-01": { stockQuantity: 999, reservedQuantity: 0 },
  // onSale
  "pv-1033-01": 25,
};

/** multiVariant: every colour and size of this product can be chosen in tests. */
const ALWAYS_IN_STOCK_PRODUCTS = new Set([1001]);

function applyStockOverride(
  variantId: string,
  productNumber: number,
  stock: { stockQuantity: number; reservedQuantity: number },
) {
  const override =
    STOCK_OVERRIDES[variantId] ?? (ALWAYS_IN_STOCK_PRODUCTS.has(productNumber) ? 20 : undefined);
  if (override === undefined) return stock;
  if (typeof override === "object") return { ...override };
  const available = stock.stockQuantity - stock.reservedQuantity;
  return available >= override
    ? stock
    : {
        stockQuantity: stock.reservedQuantity + override,
        reservedQuantity: stock.reservedQuantity,
      };
}

// ---------------------------------------------------------------------------------------------

function createdAtOf(product: ProductDefinition, index: number, prng: Prng): Date {
  const seconds = prng.int(0, 86_399);
  // Products tagged `new` arrived this autumn; the rest over the year before.
  const start = product.tags?.includes("new") ? Date.UTC(2025, 9, 1) : Date.UTC(2024, 9, 1);
  return new Date(start + index * 4 * 86_400_000 + seconds * 1000);
}

/**
 * The whole seed catalogue as rows, computed from `catalogue-data.ts` and a seeded PRNG. Pure:
 * the same rows on every call, on every machine.
 */
export function generateCatalogue(): SeedCatalogue {
  const prng = createPrng(SEED);
  const catalogue: SeedCatalogue = {
    categories: CATEGORIES.map((category, index) => ({ ...category, sortOrder: index * 10 })),
    productParents: [],
    productParentCategories: [],
    productVariants: [],
    productChildItems: [],
    variantPrices: [],
    variantStocks: [],
  };
  const slugs = new Set<string>();

  PRODUCTS.forEach((product, index) => {
    const type: ProductTypeDefinition = PRODUCT_TYPES[product.type];
    const parentId = productParentId(product.number);
    const name = productName(type, product.line);
    const slug = slugify(name.sv);
    if (slugs.has(slug)) throw new Error(`Two seed products share the slug ${slug}`);
    slugs.add(slug);

    const createdAt = createdAtOf(product, index, prng);
    catalogue.productParents.push({
      id: parentId,
      slug,
      brand: product.brand,
      name,
      description: productDescription(type, product.line),
      tags: product.tags ?? [],
      orderLimit: product.orderLimit ?? null,
      isActive: product.isActive ?? true,
      isListed: product.isListed ?? true,
      imageShape: type.shape,
      imageColorHex: type.defaultHex,
      sortOrder: index * 10,
      createdAt,
      // Seeded products have not changed since they were made: a seed always gives the same dates.
      updatedAt: createdAt,
    });
    catalogue.productParentCategories.push({
      productParentId: parentId,
      categoryId: type.categoryId,
    });

    (product.childItems ?? []).forEach((childNumber, childIndex) => {
      catalogue.productChildItems.push({
        productParentId: parentId,
        childVariantId: productVariantId(childNumber, 0),
        sortOrder: childIndex,
      });
    });

    const adjustmentSek = priceAdjustmentSek(prng, type.priceSek);
    const colours: (ColourDefinition | null)[] =
      product.colours.length > 0 ? product.colours.map((key) => COLOURS[key]) : [null];
    const sizes: (string | null)[] =
      (product.sizes ?? type.sizes).length > 0 ? (product.sizes ?? type.sizes) : [null];

    let variantIndex = 0;
    for (const colour of colours) {
      for (const size of sizes) {
        const variantId = productVariantId(product.number, variantIndex);
        catalogue.productVariants.push({
          id: variantId,
          productParentId: parentId,
          sku: [`KS${product.number}`, colour?.code, size ? sizeCode(size) : null]
            .filter(Boolean)
            .join("-"),
          color: colour ? colour.name : null,
          colorHex: colour ? colour.hex : null,
          size,
          sortOrder: variantIndex,
        });

        const sekWhole =
          type.priceSek + adjustmentSek + (size ? (type.sizeSurchargeSek?.[size] ?? 0) : 0);
        for (const market of MARKETS) {
          const base = market.currency === "SEK" ? sekWhole * 100 : euroCentsFor(sekWhole);
          const sale = !product.onSale
            ? base
            : market.currency === "SEK"
              ? saleSek(sekWhole) * 100
              : saleEuroCents(base);
          for (const storeGroup of STORE_GROUPS) {
            const price = (amount: number) =>
              storeGroup.isTaxIncludedInPrice ? amount : netOf(amount, market.vatRate);
            catalogue.variantPrices.push({
              productVariantId: variantId,
              storeGroupId: storeGroup.id,
              countryCode: market.country,
              currencyCode: market.currency,
              basePriceAmount: price(base),
              salePriceAmount: price(sale),
              taxPercentage: market.vatRate,
            });
          }
          catalogue.variantStocks.push({
            productVariantId: variantId,
            countryCode: market.country,
            ...applyStockOverride(variantId, product.number, randomStock(prng)),
          });
        }
        variantIndex++;
      }
    }
  });

  return catalogue;
}
