/**
 * The platform's tables. Money is stored as integers in minor units (öre, cent) and tax rates in
 * basis points, exactly as they go over the wire, so no conversion happens between row and reply.
 *
 * After a change here run `pnpm db:generate`: drizzle-kit writes the SQL migration into
 * `drizzle/`, and the platform applies it on its next start.
 */
import type { CompanyFileLogoType, SessionCustomerAddress } from "@kassa/api-client";
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PrintFileType } from "../modules/media/file-type.js";

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
    /**
     * When the product itself last changed (the sitemap's `lastmod`): set by a trigger on every
     * update of the row, and by a change to its variants or prices (`drizzle/0014_…sql`).
     */
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
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

/**
 * Category pages as stored lists: for each category, the active and listed products its page
 * shows, numbered 1, 2, 3 … in the page's order (`sort_order`, then id), once with the products of
 * its subcategories (`with_descendants`, what category pages show by default) and once without.
 * A page is a range of positions and a category's product count is its highest position, so
 * neither grows with the catalogue. Derived data: rebuilt by `kassa_refresh_category_listings()`
 * from statement triggers on the catalogue tables (`drizzle/0013_category_listings.sql`);
 * application code only reads it.
 */
export const categoryListings = pgTable(
  "category_listings",
  {
    categoryId: text("category_id").notNull(),
    withDescendants: boolean("with_descendants").notNull(),
    position: integer("position").notNull(),
    productParentId: text("product_parent_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.withDescendants, table.position] })],
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

/** PostgreSQL's text-search document type; read and written only in SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * One search document per product parent and language (`swedish`, `finnish`, `english`
 * configurations): name (weight A), category names with their parents' (B), brand (B) and
 * colour names (C), folded (`ö` → `o`) so that a query typed without accents finds them.
 * Kept up to date by triggers on the catalogue tables (`drizzle/0011_product_search.sql`,
 * `kassa_refresh_product_search`); application code only reads it.
 */
export const productSearch = pgTable(
  "product_search",
  {
    productParentId: text("product_parent_id")
      .primaryKey()
      .references(() => productParents.id, { onDelete: "cascade" }),
    documentSv: tsvector("document_sv").notNull(),
    documentFi: tsvector("document_fi").notNull(),
    documentEn: tsvector("document_en").notNull(),
  },
  (table) => [
    index("product_search_sv_idx").using("gin", table.documentSv),
    index("product_search_fi_idx").using("gin", table.documentFi),
    index("product_search_en_idx").using("gin", table.documentEn),
  ],
);

/**
 * The words of the search documents, per language: each stemmed, folded lexeme with a word as
 * shoppers write it. Typo-tolerant search and "did you mean" compare a query's words with these
 * by trigram similarity (pg_trgm, where the database has it). Filled by the same triggers.
 */
export const searchLexicon = pgTable(
  "search_lexicon",
  {
    language: text("language").notNull(),
    lexeme: text("lexeme").notNull(),
    word: text("word").notNull(),
  },
  (table) => [primaryKey({ columns: [table.language, table.lexeme] })],
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
  /**
   * Issue 38: the generation of the session's tokens. Every session and checkout token carries
   * the generation it was signed for (`gen`), and is refused once the session's has moved on:
   * `POST /shopper/sessions/rotate` (at login) raises it, so a token copied before the login
   * opens nothing afterwards.
   */
  tokenGeneration: integer("token_generation").notNull().default(0),
  attributes: jsonb("attributes").$type<Record<string, unknown>>().notNull().default({}),
  discountCodes: jsonb("discount_codes").$type<{ code: string }[]>().notNull().default([]),
  /**
   * Who orders from this session, as proven by their access token (`PUT /shopper/sessions/customer`,
   * ADR 0012), and the company they order for. Unlike `attributes`, never written from a body.
   */
  customerUserId: text("customer_user_id"),
  customerOrganisationId: text("customer_organisation_id"),
  /**
   * The customer card's choice (A§2, A§4), checked against the organisation when it was made: the
   * order's contact person and a copy of its billing and shipping addresses (a company address, or
   * a new one for this order only). Null: not chosen, the payment provider's address is used.
   */
  customerContactUserId: text("customer_contact_user_id"),
  customerBillingAddress: jsonb("customer_billing_address").$type<SessionCustomerAddress>(),
  customerShippingAddress: jsonb("customer_shipping_address").$type<SessionCustomerAddress>(),
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

// ---------------------------------------------------------------------------------------------
// Accounts and organisations (A§3)
// ---------------------------------------------------------------------------------------------

const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    /**
     * Lower case (a check constraint keeps it so), so the unique index is case-blind. Unique among
     * verified accounts only: until an address is confirmed, every signup with it is its own row
     * (a pending signup), so a stranger's earlier signup can never take over the owner's
     * (docs/security.md). A deleted account's address is replaced by
     * `deleted+<id>@invalid.kassa`, which frees the real one.
     */
    email: text("email").notNull(),
    /** `scrypt$N$r$p$salt$hash`; null once the account is deleted. */
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phoneNumber: text("phone_number").notNull().default(""),
    /** Upper case, as the account API speaks it: `SV`, `FI`, `EN`. */
    language: text("language").notNull().default("SV"),
    countryCode: text("country_code").notNull().default("SE"),
    market: text("market").notNull().default("SE"),
    storeGroup: text("store_group").notNull().default("default"),
    role: text("role").$type<"customer" | "agent">().notNull().default("customer"),
    status: text("status").$type<"active" | "pending" | "deleted">().notNull().default("active"),
    emailVerified: boolean("email_verified").notNull().default(false),
    isSuperAdmin: boolean("is_super_admin").notNull().default(false),
    street: text("street").notNull().default(""),
    zipCode: text("zip_code").notNull().default(""),
    city: text("city").notNull().default(""),
    allowEmail: boolean("allow_email").notNull().default(false),
    allowSms: boolean("allow_sms").notNull().default(false),
    allowPostal: boolean("allow_postal").notNull().default(false),
    /**
     * Named in every access token; raising it ends every session of the account at once (a
     * password reset, a deletion), although access tokens are stateless JWTs.
     */
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    check("users_email_lower_case", sql`${table.email} = lower(${table.email})`),
    uniqueIndex("users_verified_email_unique").on(table.email).where(sql`${table.emailVerified}`),
    index("users_email_idx").on(table.email),
  ],
);

/** A company (A§3 Organisation / Company). It belongs to the company, not to any one user. */
export const organisations = pgTable("organisations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Without hyphens or spaces (A§5); one organisation per number. */
  organisationNumber: text("organisation_number").notNull().unique(),
  taxIdVatNumber: text("tax_id_vat_number").notNull(),
  contactName: text("contact_name").notNull().default(""),
  email: text("email").notNull(),
  invoiceEmail: text("invoice_email").notNull().default(""),
  phone: text("phone").notNull().default(""),
  externalRef: text("external_ref").notNull().default(""),
  status: text("status").notNull().default("active"),
  creditCheck: boolean("credit_check").notNull().default(false),
  isCreditValid: boolean("is_credit_valid").notNull().default(true),
  customFields: jsonb("custom_fields").$type<Record<string, string>>().notNull().default({}),
  attributeIds: text("attribute_ids").array().notNull().default([]),
  storeGroups: text("store_groups").array().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const addresses = pgTable(
  "addresses",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"billing" | "shipping">().notNull(),
    /** Keeps a company's addresses in the order they were given. */
    position: integer("position").generatedAlwaysAsIdentity(),
    name: text("name").notNull().default(""),
    companyName: text("company_name").notNull().default(""),
    streetAddress: text("street_address").notNull(),
    coAddress: text("co_address").notNull().default(""),
    city: text("city").notNull(),
    stateProvince: text("state_province").notNull().default(""),
    houseNumber: text("house_number").notNull().default(""),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull().default("SE"),
    phone: text("phone").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    shippingType: text("shipping_type").notNull().default("standard"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("addresses_company_idx").on(table.companyId)],
);

export const organisationMembers = pgTable(
  "organisation_members",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organisationId: text("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    role: text("role").$type<"customer" | "agent">().notNull().default("customer"),
    level: text("level").$type<"admin" | "default">().notNull().default("default"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.organisationId] }),
    index("organisation_members_organisation_idx").on(table.organisationId),
  ],
);

/**
 * Verify, reset, refresh and signup tokens. Only a SHA-256 of the token is stored: the token itself is 32
 * random bytes, so a fast hash is enough, and a database leak hands out no usable link.
 */
export const accountTokens = pgTable(
  "tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * `signup`: handed to the client that made a signup, the proof it needs to attach the
     * organisation and to ask for that signup's verification link.
     */
    kind: text("kind").$type<"verify" | "reset" | "refresh" | "signup">().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Set when the token is spent; a spent token answers as if it never existed. */
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (table) => [index("tokens_user_idx").on(table.userId, table.kind)],
);

/** Every mail the platform sends, sent or not (DESIGN §4): `/dev/mail` lists it. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    /** Storage order: "newest first" must not depend on clocks agreeing to the millisecond. */
    position: bigint("position", { mode: "number" }).generatedAlwaysAsIdentity(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /**
     * The mail's own headers (`List-Unsubscribe`, …; ADR 0044), sent with it and shown in the
     * outbox. Mails from before the column have none.
     */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Set when SMTP accepted the mail; stays null without SMTP_URL. */
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    /** Why SMTP refused the mail, when it did. */
    error: text("error"),
  },
  (table) => [
    index("mail_outbox_position_idx").on(table.position),
    index("mail_outbox_to_idx").on(table.to),
  ],
);

/**
 * Counted events of the rate limits (logins, link mails, session starts). Kept in the database
 * rather than in memory so that a limit holds across restarts and across several platform
 * processes on one database; `rate-limit.ts` counts and records under a lock, in one step.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * `<limit>:<subject>`, e.g. `login-account:anna@example.se`, `login-address:203.0.113.7`,
     * `login-address:2001:db8:1:2::/64` (an IPv6 client is its /64, `clientAddressKey`).
     */
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("rate_limit_hits_key_idx").on(table.key, table.at)],
);

// ---------------------------------------------------------------------------------------------
// Discount codes, checkouts, gift cards, payments and orders (C§4, C§5, C§7; DESIGN §7–§8)
// ---------------------------------------------------------------------------------------------

/** An amount per currency, in that currency's minor units: `{ SEK: 50000, EUR: 5000 }`. */
export type AmountPerCurrency = Partial<Record<string, number>>;

/**
 * A discount code (C§5 promo code). Codes are stored in upper case and matched without regard to
 * case. A code takes a percentage off (basis points) or a fixed amount per currency off the lines
 * it applies to: every line, or only the lines of products carrying `productTag`.
 */
export const discountCodes = pgTable("discount_codes", {
  code: text("code").primaryKey(),
  description: text("description").notNull().default(""),
  /** Percentage off in basis points (1000 = 10 %); null for a fixed-amount code. */
  percentOff: integer("percent_off"),
  /** Fixed amount off per currency; a currency not listed cannot use the code. */
  amountOff: jsonb("amount_off").$type<AmountPerCurrency>(),
  /** Markets (country codes) where the code can be used; empty = every market. */
  countryCodes: text("country_codes").array().notNull().default([]),
  validFrom: timestamp("valid_from", { withTimezone: true, mode: "date" }),
  validUntil: timestamp("valid_until", { withTimezone: true, mode: "date" }),
  isActive: boolean("is_active").notNull().default(true),
  /** Condition: the cart's subtotal (before the code) is at least this, per currency. */
  minSubtotal: jsonb("min_subtotal").$type<AmountPerCurrency>(),
  /** Condition: the cart holds a product with this tag; the discount applies to those lines. */
  productTag: text("product_tag"),
  /** Only an outside system (a loyalty club, a CRM) can approve this code; none is connected. */
  requiresExternalApproval: boolean("requires_external_approval").notNull().default(false),
  createdAt: createdAt(),
});

/**
 * A checkout: a frozen copy of a session's cart at one revision (platform contract). A change of
 * the cart afterwards makes it stale; a stale checkout can no longer be paid.
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => shopperSessions.id, { onDelete: "cascade" }),
    /** The cart revision this checkout froze. */
    cartRevision: integer("cart_revision").notNull(),
    paymentProvider: text("payment_provider").notNull(),
    shippingProvider: text("shipping_provider").notNull(),
    giftCardProvider: text("gift_card_provider"),
    /** The cart as it was at `cartRevision` (wire shape `Cart`), prices and discounts included. */
    cart: jsonb("cart").$type<Record<string, unknown>>().notNull(),
    /** `open` until an order is placed from it (`completed`). */
    status: text("status").$type<"open" | "completed">().notNull().default("open"),
    /** The session's customer link when the checkout started (ADR 0012); the order inherits it. */
    customerUserId: text("customer_user_id"),
    customerOrganisationId: text("customer_organisation_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("checkouts_session_idx").on(table.sessionId)],
);

/**
 * A gift card (Retain24). The pin is kept as a salted hash. `balance` is what is left; it is drawn
 * only when an order is placed, by one conditional update in the order's transaction.
 */
export const giftCards = pgTable("gift_cards", {
  code: text("code").primaryKey(),
  /** scrypt hash of the pin, `salt:hash` in hex. */
  pinHash: text("pin_hash").notNull(),
  currencyCode: text("currency_code").notNull(),
  /** The amount the card was loaded with, in minor units. */
  initialBalance: integer("initial_balance").notNull(),
  balance: integer("balance").notNull(),
  validFrom: timestamp("valid_from", { withTimezone: true, mode: "date" }).notNull(),
  validUntil: timestamp("valid_until", { withTimezone: true, mode: "date" }).notNull(),
  /** `active` can be used; `blocked` and `cancelled` cannot. */
  status: text("status").$type<"active" | "blocked" | "cancelled">().notNull().default("active"),
  /** Whom a bought card was sent to (gift-card products); null for seeded or issued cards. */
  receivingEmail: text("receiving_email"),
  createdAt: createdAt(),
});

/**
 * A gift card being bought (C§7 `POST /shopper-retain24/gift-card-products`): one cart line of the
 * unlisted "Presentkort" product, priced at `amountToLoad`. When the order is placed a card is
 * issued in `gift_cards` (its code kept in `issuedGiftCardCode`) and mailed to `receivingEmail`.
 * The row outlives its cart line (`cartItemId` is cleared when the line goes), so what was bought
 * stays readable after the order.
 */
export const giftCardProducts = pgTable(
  "gift_card_products",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => shopperSessions.id, { onDelete: "cascade" }),
    cartItemId: text("cart_item_id").references(() => cartItems.id, { onDelete: "set null" }),
    /** Minor units of `currencyCode` (the session's currency when it was added). */
    amountToLoad: integer("amount_to_load").notNull(),
    currencyCode: text("currency_code").notNull(),
    templateId: text("template_id").notNull(),
    receivingEmail: text("receiving_email").notNull(),
    senderName: text("sender_name"),
    message: text("message"),
    /** The card issued for it when its order was placed; null until then. */
    issuedGiftCardCode: text("issued_gift_card_code").references(() => giftCards.code, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index("gift_card_products_session_idx").on(table.sessionId),
    uniqueIndex("gift_card_products_cart_item_idx").on(table.cartItemId),
  ],
);

/** A gift card applied to a checkout, with the amount it will pay (at most what is left to pay). */
export const checkoutGiftCards = pgTable(
  "checkout_gift_cards",
  {
    checkoutId: text("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    giftCardCode: text("gift_card_code")
      .notNull()
      .references(() => giftCards.code, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    /** Keeps cards in the order they were applied; amounts are recomputed in that order. */
    position: integer("position").generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.checkoutId, table.giftCardCode] })],
);

/**
 * A payment session with a provider sandbox for one checkout (DESIGN §7). `(provider, reference)`
 * is what the provider calls the purchase (Klarna's order id, Avarda's purchase id, …).
 */
export const paymentSessions = pgTable(
  "payment_sessions",
  {
    id: text("id").primaryKey(),
    checkoutId: text("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    reference: text("reference").notNull(),
    /**
     * `open` while the shopper pays; `completed` once paid and the order placed; `declined`,
     * `refused` (validation or stock), `expired` end it. Provider wire statuses map from these.
     */
    status: text("status")
      .$type<"open" | "completed" | "declined" | "refused" | "expired">()
      .notNull()
      .default("open"),
    /** The amount the provider charges (grand total less gift cards), in minor units. */
    amount: integer("amount").notNull(),
    currencyCode: text("currency_code").notNull(),
    /** Where the widget sends the shopper when done (the shop's confirmation URL), and others. */
    urls: jsonb("urls").$type<Record<string, string>>().notNull().default({}),
    /** Provider-specific state: the business preset, the customer entered, errors to fix. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    orderId: text("order_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    uniqueIndex("payment_sessions_reference_idx").on(table.provider, table.reference),
    index("payment_sessions_checkout_idx").on(table.checkoutId),
  ],
);

/** A customer's name, contact and address as a payment provider collected them. */
export interface OrderAddress {
  givenName: string;
  familyName: string;
  email: string;
  telephoneNumber: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  country: string;
  organizationName?: string;
  organizationNumber?: string;
}

/**
 * An order, written once when a paid checkout is confirmed, in one transaction with the stock and
 * gift-card draws (DESIGN §8). `(payment_provider, payment_reference)` and `checkout_id` are
 * unique: a repeated confirmation or notification finds the order already there.
 */
/**
 * The order list's status filters (C§4) and the back-office states each matches: the same table
 * as `orderStatesOfFilter` of `@kassa/domain` (a test holds them equal), kept here because the
 * schema's partial indexes are built from it and drizzle-kit reads this file on its own.
 */
export const ORDER_LIST_FILTER_STATES = {
  DELIVERED: ["FULLY_DELIVERED"],
  PLACED: ["PLACED"],
  CANCELLED: ["CANCELLED"],
  FULLY_COMPENSATED: ["FULLY_COMPENSATED", "PARTIALLY_COMPENSATED"],
} as const satisfies Record<string, readonly string[]>;

export type OrderListFilter = keyof typeof ORDER_LIST_FILTER_STATES;
const ORDER_LIST_FILTERS = Object.keys(ORDER_LIST_FILTER_STATES) as OrderListFilter[];

/**
 * `order_states && '{…}'::text[]` with the filter's states written out, not bound: a partial index
 * serves a query only when the planner can see that the query's condition is the index's.
 * (The states are the constants above, never a caller's text.)
 */
export function orderStatesMatch(column: AnyPgColumn | SQL, filter: OrderListFilter): SQL {
  const states = ORDER_LIST_FILTER_STATES[filter].join(",");
  return sql`${column} && ${sql.raw(`'{${states}}'::text[]`)}`;
}

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /** The order number a shopper sees: increasing, never reused. */
    reference: bigint("reference", { mode: "number" })
      .notNull()
      .generatedAlwaysAsIdentity({ startWith: 100_001 }),
    checkoutId: text("checkout_id").notNull().unique(),
    sessionId: text("session_id").notNull(),
    storeGroupId: text("store_group_id").notNull(),
    countryCode: text("country_code").notNull(),
    currencyCode: text("currency_code").notNull(),
    languageCode: text("language_code").notNull(),
    isTaxIncludedInPrice: boolean("is_tax_included_in_price").notNull(),
    /** Back-office states (PLACED, RELEASED, …) and custom states (C§3), in the order added. */
    orderStates: text("order_states").array().notNull().default(["PLACED"]),
    customStates: text("custom_states").array().notNull().default([]),
    email: text("email").notNull(),
    billingAddress: jsonb("billing_address").$type<OrderAddress>().notNull(),
    shippingAddress: jsonb("shipping_address").$type<OrderAddress>().notNull(),
    /** The session's attributes: company (C§3) and merchantReference1/2. */
    attributes: jsonb("attributes").$type<Record<string, unknown>>().notNull().default({}),
    discountCodes: jsonb("discount_codes").$type<{ code: string }[]>().notNull().default([]),
    subTotal: integer("sub_total").notNull(),
    shippingTotal: integer("shipping_total").notNull(),
    discountTotal: integer("discount_total").notNull(),
    taxTotal: integer("tax_total").notNull(),
    grandTotal: integer("grand_total").notNull(),
    giftCardTotal: integer("gift_card_total").notNull(),
    /** What the payment provider charged: grand total less gift cards. */
    paidAmount: integer("paid_amount").notNull(),
    paymentProvider: text("payment_provider").notNull(),
    paymentReference: text("payment_reference").notNull(),
    shippingProvider: text("shipping_provider").notNull(),
    placedAt: timestamp("placed_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The account that placed the order (ADR 0012); null for a guest. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The company it was placed for; null for a consumer's order. */
    organisationId: text("organisation_id").references(() => organisations.id, {
      onDelete: "set null",
    }),
    /** Refunded so far by compensations, minor units (at most `grandTotal`). */
    compensatedTotal: integer("compensated_total").notNull().default(0),
  },
  (table) => [
    uniqueIndex("orders_payment_idx").on(table.paymentProvider, table.paymentReference),
    uniqueIndex("orders_reference_idx").on(table.reference),
    // The lookups (C§4: email, ref2 = user, ref1 = company) answer newest first, equal times the
    // higher number first: each index hands a lookup its orders in the list's order, so a page of
    // the list (`get-orders-page`) reads a page's worth of each, not the whole history, and holds
    // what the list's filters, its count and the access rules read (states, the other lookups'
    // columns), so counting is an index-only scan (issue 32).
    // (The trailing columns are keys: drizzle has no INCLUDE.)
    index("orders_email_list_idx").on(
      table.email,
      table.placedAt.desc().nullsFirst(),
      table.reference.desc().nullsFirst(),
      table.organisationId,
      table.userId,
      table.orderStates,
    ),
    index("orders_user_list_idx").on(
      table.userId,
      table.placedAt.desc().nullsFirst(),
      table.reference.desc().nullsFirst(),
      table.organisationId,
      table.email,
      table.orderStates,
    ),
    index("orders_organisation_list_idx").on(
      table.organisationId,
      table.placedAt.desc().nullsFirst(),
      table.reference.desc().nullsFirst(),
      table.userId,
      table.email,
      table.orderStates,
    ),
    index("orders_placed_at_idx").on(table.placedAt),
    // The same three, once more for each of the list's status filters, holding only the orders
    // the filter matches: a filtered page, and its count, read the matching orders' entries alone
    // instead of testing every order of the history (issue 32). The planner takes one when the
    // query's filter is the same expression (`orderStatesMatch`).
    ...ORDER_LIST_FILTERS.flatMap((filter) => [
      index(`orders_email_${filter.toLowerCase()}_idx`)
        .on(
          table.email,
          table.placedAt.desc().nullsFirst(),
          table.reference.desc().nullsFirst(),
          table.organisationId,
          table.userId,
        )
        .where(orderStatesMatch(table.orderStates, filter)),
      index(`orders_user_${filter.toLowerCase()}_idx`)
        .on(
          table.userId,
          table.placedAt.desc().nullsFirst(),
          table.reference.desc().nullsFirst(),
          table.organisationId,
          table.email,
        )
        .where(orderStatesMatch(table.orderStates, filter)),
      index(`orders_organisation_${filter.toLowerCase()}_idx`)
        .on(
          table.organisationId,
          table.placedAt.desc().nullsFirst(),
          table.reference.desc().nullsFirst(),
          table.userId,
          table.email,
        )
        .where(orderStatesMatch(table.orderStates, filter)),
    ]),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productVariantId: text("product_variant_id").notNull(),
    productParentId: text("product_parent_id").notNull(),
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    imageUrl: text("image_url").notNull(),
    quantity: integer("quantity").notNull(),
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
    customAttributes: jsonb("custom_attributes").$type<Record<string, unknown>>().notNull(),
    basePriceAmount: integer("base_price_amount").notNull(),
    salePriceAmount: integer("sale_price_amount").notNull(),
    totalDiscountAmount: integer("total_discount_amount").notNull(),
    totalPriceAmount: integer("total_price_amount").notNull(),
    taxPercentage: integer("tax_percentage").notNull(),
    /** Delivered so far by deliveries (at most `quantity`). */
    deliveredQuantity: integer("delivered_quantity").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.position] })],
);

/** Who did something to an order: a user, a back office's OAuth client, or the platform itself. */
export interface OrderActorColumn {
  type: "user" | "client" | "system";
  id: string;
  name: string;
  role: "customer" | "agent" | "super_admin" | "back_office" | "system";
}

/**
 * Custom-state definitions (platform contract): `informative` states change nothing, `blocking`
 * ones block the back-office steps in `blocks` while an order carries them. Seeded with the three
 * of C§3.
 */
export const customStateDefinitions = pgTable("custom_state_definitions", {
  id: text("id").primaryKey(),
  type: text("type").$type<"informative" | "blocking">().notNull(),
  blocks: text("blocks").array().notNull().default([]),
  description: text("description").notNull().default(""),
});

/** Notes on an order (C§4: decline reasons, change requests, back-office remarks). */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Keeps notes in the order they were written. */
    position: bigint("position", { mode: "number" }).generatedAlwaysAsIdentity(),
    text: text("text").notNull(),
    author: jsonb("author").$type<OrderActorColumn>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("order_notes_order_idx").on(table.orderId, table.position)],
);

/**
 * An order's audit trail (ADR 0012): one row per placement, custom-state change, note and
 * back-office step; rows are appended, never changed, except `notifiedAt`, which the agents' mail
 * sets on the decision entries it reported.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Storage order: the trail's order must not depend on clocks agreeing to the millisecond. */
    position: bigint("position", { mode: "number" }).generatedAlwaysAsIdentity(),
    kind: text("kind")
      .$type<
        | "placed"
        | "custom_state_added"
        | "custom_state_removed"
        | "note_added"
        | "released"
        | "delivered"
        | "compensated"
        | "cancelled"
      >()
      .notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    actor: jsonb("actor").$type<OrderActorColumn>().notNull(),
    onBehalfOf: jsonb("on_behalf_of").$type<{ id: string; name: string } | null>(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    /** Set when a mail to the company's agents reported this entry (a customer's decision). */
    notifiedAt: timestamp("notified_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.position)],
);

/**
 * A two-step back-office operation (platform contract): created, then started. Starting it
 * changes the order (`SUCCESS`) or is refused (`FAILED`, with the reason).
 */
export const orderOperations = pgTable(
  "order_operations",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind")
      .$type<"releases" | "deliveries" | "compensations" | "cancellations">()
      .notNull(),
    state: text("state").$type<"CREATED" | "SUCCESS" | "FAILED">().notNull().default("CREATED"),
    /** Deliveries: `[{ position, quantity }]`. */
    lines: jsonb("lines").$type<{ position: number; quantity: number }[]>(),
    /** Compensations: minor units. */
    amount: integer("amount"),
    failureReason: text("failure_reason"),
    /** The OAuth client that created it. */
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [index("order_operations_order_idx").on(table.orderId, table.createdAt)],
);

/** Every draw of a gift card's balance, one per order and card (the ledger behind `balance`). */
export const giftCardDraws = pgTable(
  "gift_card_draws",
  {
    giftCardCode: text("gift_card_code")
      .notNull()
      .references(() => giftCards.code, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.giftCardCode, table.orderId] }),
    // The order page reads its order's draws (issue 32: not a scan of every order's).
    index("gift_card_draws_order_idx").on(table.orderId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Idempotency keys (DESIGN §9). The job queue's tables are pg-boss's own, in the `pgboss`
// schema: pg-boss creates and migrates them itself (`src/jobs/job-queue.ts`).
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Company print files (C§3 company file, C§7 media calls; ADR 0014)
// ---------------------------------------------------------------------------------------------

/**
 * A company file's `custom_fields` as stored: what the platform sets on a vector file's PNG
 * preview (`preview_for`, `hide`) and what an upload may ask for (`hide`). The original's
 * `preview_url` is not stored: it is a signed URL, made when the file is read.
 */
export interface StoredFileFields {
  preview_for?: string;
  hide?: boolean;
}

/**
 * A company's print file (C§3). The bytes are in the media store under `storage_key`, never under
 * the file's name; the row holds what the bytes are (`kind` and `mime_type`, found from the
 * content) and what the company calls them. Names are unique within a company without regard to
 * case, because C§7's PUT names a file by company and name; one file at most is `primary`.
 */
export const companyFiles = pgTable(
  "company_files",
  {
    /** Random (a UUID): an id tells nothing and cannot be guessed. */
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    /** Keeps a company's files in the order they were stored (C§7: oldest first). */
    position: bigint("position", { mode: "number" }).generatedAlwaysAsIdentity(),
    filename: text("filename").notNull(),
    /** The bytes' key in the media store (`KASSA_MEDIA_DIR`). */
    storageKey: text("storage_key").notNull().unique(),
    /** Bytes. */
    size: integer("size").notNull(),
    /** What the file is by its first bytes (`sniffFileType`). */
    kind: text("kind").$type<PrintFileType>().notNull(),
    /** The content type it is served with, from `kind`. */
    mimeType: text("mime_type").notNull(),
    description: text("description").notNull().default(""),
    logoType: text("logo_type").$type<CompanyFileLogoType>().notNull(),
    customFields: jsonb("custom_fields").$type<StoredFileFields>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    uniqueIndex("company_files_company_filename_unique").on(
      table.companyId,
      sql`lower(${table.filename})`,
    ),
    uniqueIndex("company_files_one_primary")
      .on(table.companyId)
      .where(sql`${table.logoType} = 'primary'`),
    index("company_files_company_position_idx").on(table.companyId, table.position),
  ],
);

// ---------------------------------------------------------------------------------------------
// Marketing: newsletter contacts, their consents and subscriptions (C§3 contact record, C§7)
// ---------------------------------------------------------------------------------------------

/**
 * A contact of the marketing side (C§3), keyed by email: whoever subscribed to a list, whether or
 * not they have an account. The email is stored lower-cased (a check keeps it so) and is unique
 * without regard to case. `accepts_*` are C§3's `preferences`; `accepts_email` is true while the
 * contact has a confirmed subscription.
 */
export const marketingContacts = pgTable(
  "marketing_contacts",
  {
    /** Random (a UUID). */
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** `SE` or `FI`. */
    countryCode: text("country_code").notNull(),
    birthDay: date("birth_day", { mode: "string" }),
    /** Lower case: `sv`, `fi`, `en`. */
    lang: text("lang").notNull(),
    careOf: text("care_of").notNull().default(""),
    city: text("city").notNull().default(""),
    mobilePhone: text("mobile_phone").notNull().default(""),
    street: text("street").notNull().default(""),
    zipCode: text("zip_code").notNull().default(""),
    /** `Contact` (a newsletter subscriber) or `Member` (a loyalty member). */
    contactType: text("contact_type").$type<"Contact" | "Member">().notNull().default("Contact"),
    appUser: boolean("app_user").notNull().default(false),
    lastAppLogin: timestamp("last_app_login", { withTimezone: true, mode: "date" }),
    bagarenCartId: text("bagaren_cart_id"),
    /** A random key (a UUID) the marketing side hands out to recognise the contact. */
    discoveryKey: text("discovery_key").notNull().unique(),
    /** Where the contact came from: the first sign-up's `source`. */
    memberSource: text("member_source").notNull().default(""),
    storeExternalId: text("store_external_id").notNull().default(""),
    acceptsEmail: boolean("accepts_email").notNull().default(false),
    acceptsPostal: boolean("accepts_postal").notNull().default(false),
    acceptsSms: boolean("accepts_sms").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    check("marketing_contacts_email_lower_case", sql`${table.email} = lower(${table.email})`),
    uniqueIndex("marketing_contacts_email_unique").on(sql`lower(${table.email})`),
  ],
);

/**
 * Every consent a contact gave or took back (C§3 `consents`), never changed: the proof of when,
 * where and how. `consent_id` is the consent's id on the wire (`newsletter:{listId}`); the contact
 * record shows the newest row of each.
 */
export const marketingConsents = pgTable(
  "marketing_consents",
  {
    position: bigint("position", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    contactId: text("contact_id")
      .notNull()
      .references(() => marketingContacts.id, { onDelete: "cascade" }),
    consentId: text("consent_id").notNull(),
    value: boolean("value").notNull(),
    date: timestamp("date", { withTimezone: true, mode: "date" }).notNull(),
    source: text("source").notNull(),
    comment: text("comment").notNull().default(""),
  },
  (table) => [index("marketing_consents_contact_idx").on(table.contactId, table.position)],
);

/** A mailing list of the marketing provider (C§7 "a list id"); the seed adds `newsletter`. */
export const marketingLists = pgTable("marketing_lists", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
});

export type SubscriptionStatus = "pending" | "confirmed" | "unsubscribed";

/**
 * A contact's subscription to a list, by double opt-in: `pending` until the mail's confirm link
 * is followed, then `confirmed`, `unsubscribed` after the unsubscribe link. One row per contact
 * and list, whatever its history; its tokens are in `marketing_subscription_tokens`.
 */
export const marketingSubscriptions = pgTable(
  "marketing_subscriptions",
  {
    contactId: text("contact_id")
      .notNull()
      .references(() => marketingContacts.id, { onDelete: "cascade" }),
    listId: text("list_id")
      .notNull()
      .references(() => marketingLists.id, { onDelete: "cascade" }),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    /** The sign-up's `source` (the form it came from); the consent names it when confirmed. */
    source: text("source").notNull(),
    /** The last confirmation mail: another is sent at most once per 10 minutes. */
    mailSentAt: timestamp("mail_sent_at", { withTimezone: true, mode: "date" }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contactId, table.listId] }),
    check(
      "marketing_subscriptions_status",
      sql`${table.status} in ('pending', 'confirmed', 'unsubscribed')`,
    ),
  ],
);

/**
 * The links of a subscription's mails. Only a SHA-256 of each token is stored (the token is 32
 * random bytes). Every mail carries a new pair, and the earlier ones keep working: a `confirm`
 * token until its `expires_at` (7 days), an `unsubscribe` token as long as the subscription
 * exists. An unsubscribe deletes the subscription's confirm tokens, so an old confirm link cannot
 * undo it.
 */
export const marketingSubscriptionTokens = pgTable(
  "marketing_subscription_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    contactId: text("contact_id").notNull(),
    listId: text("list_id").notNull(),
    kind: text("kind").$type<"confirm" | "unsubscribe">().notNull(),
    /** Null for an unsubscribe token: it lives as long as the subscription. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.contactId, table.listId],
      foreignColumns: [marketingSubscriptions.contactId, marketingSubscriptions.listId],
      name: "marketing_subscription_tokens_subscription_fk",
    }).onDelete("cascade"),
    index("marketing_subscription_tokens_subscription_idx").on(
      table.contactId,
      table.listId,
      table.kind,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Wishlists (C§3, C§4): a logged-in user's list, kept so it follows them to another device
// ---------------------------------------------------------------------------------------------

/**
 * One user's wishlist: entries as `@kassa/domain` writes them (`pp-1001` or `pp-1001:pv-1001-04`),
 * newest first, at most `WISHLIST_MAX_ENTRIES`, one per product. Goes with its user (the row
 * cascades; an account deletion, which keeps the user row, deletes it too).
 */
export const wishlists = pgTable("wishlists", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  entries: text("entries").array().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** Raw bytes (`bytea`): node-postgres reads them as a Buffer, PGlite as a Uint8Array. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * One `Idempotency-Key` of one caller (IETF draft-ietf-httpapi-idempotency-key-header): the
 * first request's answer, replayed to a repeat (`src/http/idempotency.ts`). Neither the key nor
 * the answer is stored readable: `id` is a SHA-256 of the key and its scope, and the answer (a
 * signup's `signup_token`, a session token) is encrypted with a key derived from the
 * idempotency key, which only the caller holds.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** SHA-256 (hex) of method, path, caller and key: unique per caller and request target. */
    id: text("id").primaryKey(),
    /** For people reading the table: `POST`, `/enad/signup`. */
    method: text("method").notNull(),
    path: text("path").notNull(),
    /** SHA-256 (hex) of the query string and the request body: a repeat must send the same. */
    fingerprint: text("fingerprint").notNull(),
    /** `in_progress` while the first request runs; `completed` once its answer is stored. */
    status: text("status").$type<"in_progress" | "completed">().notNull(),
    /** An `in_progress` row older than this belongs to a process that died: a repeat may run. */
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }).notNull(),
    responseStatus: integer("response_status"),
    /** The headers worth replaying (content-type, retry-after, location), lower-case names. */
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    /** The answer's body, AES-256-GCM: 12-byte nonce, 16-byte tag, ciphertext. */
    responseBody: bytes("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /** After this the row is gone (or treated as gone): the key may be used afresh. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("idempotency_keys_expires_idx").on(table.expiresAt)],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductParentRow = typeof productParents.$inferSelect;
export type ProductVariantRow = typeof productVariants.$inferSelect;
export type VariantPriceRow = typeof variantPrices.$inferSelect;
export type VariantStockRow = typeof variantStocks.$inferSelect;
export type ShopperSessionRow = typeof shopperSessions.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type OrganisationRow = typeof organisations.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type OrganisationMemberRow = typeof organisationMembers.$inferSelect;
export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
export type CompanyFileRow = typeof companyFiles.$inferSelect;
export type MarketingContactRow = typeof marketingContacts.$inferSelect;
export type MarketingConsentRow = typeof marketingConsents.$inferSelect;
export type MarketingListRow = typeof marketingLists.$inferSelect;
export type MarketingSubscriptionRow = typeof marketingSubscriptions.$inferSelect;
export type WishlistRow = typeof wishlists.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
export type GiftCardRow = typeof giftCards.$inferSelect;
export type GiftCardProductRow = typeof giftCardProducts.$inferSelect;
export type PaymentSessionRow = typeof paymentSessions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type CustomStateDefinitionRow = typeof customStateDefinitions.$inferSelect;
export type OrderNoteRow = typeof orderNotes.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderOperationRow = typeof orderOperations.$inferSelect;
