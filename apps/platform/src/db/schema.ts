/**
 * The platform's tables. Money is stored as integers in minor units (öre, cent) and tax rates in
 * basis points, exactly as they go over the wire, so no conversion happens between row and reply.
 *
 * After a change here run `pnpm db:generate`: drizzle-kit writes the SQL migration into
 * `drizzle/`, and the platform applies it on its next start.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** A text in every interface language; `sv` is always present and the fallback. */
export interface Translations {
  sv: string;
  fi: string;
  en: string;
}

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

export const categories = pgTable("categories", {
  id: text("id").primaryKey(),
  /** Path-like and unique, e.g. `klader/trojor`; storefront URLs use it. */
  uri: text("uri").notNull().unique(),
  parentId: text("parent_id"),
  name: jsonb("name").$type<Translations>().notNull(),
  description: jsonb("description").$type<Translations>().notNull(),
  /** Colour of the generated category image. */
  colorHex: text("color_hex").notNull(),
  /** Shape drawn on the generated category image (a product type shape). */
  imageShape: text("image_shape").notNull(),
  sortOrder: integer("sort_order").notNull(),
});

export const productParents = pgTable(
  "product_parents",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    brand: text("brand").notNull(),
    name: jsonb("name").$type<Translations>().notNull(),
    description: jsonb("description").$type<Translations>().notNull(),
    tags: text("tags").array().notNull().default([]),
    /** Maximum summed quantity of this parent's variants in one cart (C§5); null = unlimited. */
    orderLimit: integer("order_limit"),
    /** Inactive products are hidden from every lookup except tag lookups with only_active=false. */
    isActive: boolean("is_active").notNull().default(true),
    /** Unlisted products (add-on child items such as a gift box) never appear in category pages. */
    isListed: boolean("is_listed").notNull().default(true),
    /** Shape drawn on the generated product image. */
    imageShape: text("image_shape").notNull(),
    /** Colour of the generated image for variants that have no colour of their own. */
    imageColorHex: text("image_color_hex").notNull(),
    sortOrder: integer("sort_order").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("product_parents_sort_idx").on(table.sortOrder)],
);

export const productParentCategories = pgTable(
  "product_parent_categories",
  {
    productParentId: text("product_parent_id")
      .notNull()
      .references(() => productParents.id, { onDelete: "cascade" }),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.productParentId, table.categoryId] }),
    index("product_parent_categories_category_idx").on(table.categoryId),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: text("id").primaryKey(),
    productParentId: text("product_parent_id")
      .notNull()
      .references(() => productParents.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    /** Colour name per language; null when the product comes in one look only. */
    color: jsonb("color").$type<Translations>(),
    colorHex: text("color_hex"),
    size: text("size"),
    sortOrder: integer("sort_order").notNull(),
  },
  (table) => [
    uniqueIndex("product_variants_sku_idx").on(table.sku),
    index("product_variants_parent_idx").on(table.productParentId),
  ],
);

/** Add-on items that go into the cart together with a product and follow its quantity. */
export const productChildItems = pgTable(
  "product_child_items",
  {
    productParentId: text("product_parent_id")
      .notNull()
      .references(() => productParents.id, { onDelete: "cascade" }),
    childVariantId: text("child_variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull(),
  },
  (table) => [primaryKey({ columns: [table.productParentId, table.childVariantId] })],
);

/** One price per variant, store group and market. Business prices are net of VAT. */
export const variantPrices = pgTable(
  "variant_prices",
  {
    productVariantId: text("product_variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    storeGroupId: text("store_group_id").notNull(),
    countryCode: text("country_code").notNull(),
    currencyCode: text("currency_code").notNull(),
    basePriceAmount: integer("base_price_amount").notNull(),
    salePriceAmount: integer("sale_price_amount").notNull(),
    taxPercentage: integer("tax_percentage").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productVariantId, table.storeGroupId, table.countryCode] }),
  ],
);

/** Stock per variant and market; store groups of one market share a warehouse. */
export const variantStocks = pgTable(
  "variant_stocks",
  {
    productVariantId: text("product_variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    countryCode: text("country_code").notNull(),
    stockQuantity: integer("stock_quantity").notNull(),
    /** Held for checkouts in progress; not available to new carts. */
    reservedQuantity: integer("reserved_quantity").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productVariantId, table.countryCode] })],
);

// ---------------------------------------------------------------------------------------------
// Shopper sessions and carts
// ---------------------------------------------------------------------------------------------

/** A shopper session owns exactly one cart; the cart's id is the session's id. */
export const shopperSessions = pgTable("shopper_sessions", {
  id: text("id").primaryKey(),
  storeGroupId: text("store_group_id").notNull(),
  countryCode: text("country_code").notNull(),
  currencyCode: text("currency_code").notNull(),
  languageCode: text("language_code").notNull(),
  isTaxIncludedInPrice: boolean("is_tax_included_in_price").notNull(),
  /** Increases on every change of the cart; a checkout freezes one revision. */
  revision: integer("revision").notNull().default(0),
  attributes: jsonb("attributes").$type<Record<string, unknown>>().notNull().default({}),
  discountCodes: jsonb("discount_codes").$type<{ code: string }[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  "cart_items",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => shopperSessions.id, { onDelete: "cascade" }),
    /** Keeps lines in the order they were added. */
    position: integer("position").generatedAlwaysAsIdentity(),
    productVariantId: text("product_variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    productParentId: text("product_parent_id").notNull(),
    quantity: integer("quantity").notNull(),
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("cart_items_session_idx").on(table.sessionId)],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductParentRow = typeof productParents.$inferSelect;
export type ProductVariantRow = typeof productVariants.$inferSelect;
export type VariantPriceRow = typeof variantPrices.$inferSelect;
export type VariantStockRow = typeof variantStocks.$inferSelect;
export type ShopperSessionRow = typeof shopperSessions.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
