/**
 * Products of the seed catalogue with a known property, for tests in this and other packages
 * (API tests, storefront route tests, browser flows). `test/seed.test.ts` checks every promise
 * made here against a freshly seeded database; change `catalogue-data.ts` and this file together.
 */
export const SEED_FIXTURES = {
  /** One variant, no choices, plenty in stock in SE and FI (500). */
  simple: {
    slug: "emaljmugg-koli",
    productParentId: "pp-1039",
    variantId: "pv-1039-01",
    categoryUri: "hem-och-inredning/kok",
  },
  /** A choice of colour and size; every combination in stock in SE and FI. Swedish names. */
  multiVariant: {
    slug: "ulltroja-fjall",
    colors: ["Marinblå", "Skogsgrön", "Naturvit"],
    sizes: ["S", "M", "L", "XL"],
  },
  /** One variant sold out in SE and FI, another in stock. */
  soldOut: {
    slug: "mossa-lappland",
    soldOutVariantId: "pv-1011-01",
    availableVariantId: "pv-1011-02",
  },
  /** Two available in SE and FI (three in stock, one reserved). */
  lowStock: {
    slug: "vantar-inari",
    variantId: "pv-1014-01",
    availableQuantity: 2,
  },
  /** At most three of this product (all sizes together) in one cart. */
  orderLimit: {
    slug: "ullsockor-kiruna",
    productParentId: "pp-1019",
    variantIds: ["pv-1019-01", "pv-1019-02"],
    orderLimit: 3,
  },
  /** A gift set whose childItems hold a gift box (an unlisted product with its own price). */
  withChildItem: {
    slug: "presentset-mys",
    variantId: "pv-1045-01",
    childVariantId: "pv-1047-01",
  },
  /** Sale price below the base price in SE and FI, in both store groups. */
  onSale: {
    slug: "plad-gotland",
    variantId: "pv-1033-01",
  },
} as const;

export type SeedFixtures = typeof SEED_FIXTURES;
