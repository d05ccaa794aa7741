import { z } from "zod";

/**
 * The storefront's configuration, read once from the environment. Every backend host and every
 * switch of the interface lives here, with its documented default (README: Configuration).
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

const envSchema = z.object({
  NODE_ENV: z.string().default("development"),
  /** Shopper API host (cart, session, prices, stock). */
  KASSA_SHOPPER_API_URL: z.url().default("http://localhost:4000"),
  /** Product wrapper host (`/enad/get-products-…`). */
  KASSA_PRODUCT_API_URL: z.url().default("http://localhost:4000"),
  /** Store group of this storefront. */
  KASSA_STORE_GROUP: z.string().min(1).default("default"),
  /** Fixed store id sent by the add-to-cart wrapper (C§7). */
  KASSA_STORE_ID: z.string().min(1).default("kassa-web"),
  /** Secret that signs the storefront's cookies. Required in production. */
  SESSION_SECRET: z.string().min(16).optional(),
  /** Send cookies with `Secure` (default: in production). */
  KASSA_COOKIE_SECURE: booleanFlag.optional(),
  /** C settings: gift cards and order decisions (later issues read them). */
  KASSA_GIFT_CARDS_ENABLED: booleanFlag.default(false),
  KASSA_ORDER_DECISIONS_ENABLED: booleanFlag.default(false),
});

export type StorefrontConfig = ReturnType<typeof readConfig>;

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid storefront configuration:\n${problems.join("\n")}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === "production";
  if (isProduction && !values.SESSION_SECRET) {
    throw new Error("SESSION_SECRET must be set in production (at least 16 characters).");
  }
  return {
    isProduction,
    /** `Secure` cookies; browsers accept them on http://localhost too. */
    cookieSecure: values.KASSA_COOKIE_SECURE ?? isProduction,
    shopperApiUrl: values.KASSA_SHOPPER_API_URL,
    productApiUrl: values.KASSA_PRODUCT_API_URL,
    storeGroupId: values.KASSA_STORE_GROUP,
    storeId: values.KASSA_STORE_ID,
    sessionSecret: values.SESSION_SECRET ?? "kassa-development-secret-not-for-production",
    settings: {
      giftCardsEnabled: values.KASSA_GIFT_CARDS_ENABLED,
      orderDecisionsEnabled: values.KASSA_ORDER_DECISIONS_ENABLED,
    },
  };
}

let cached: StorefrontConfig | undefined;

/** The configuration of this process. */
export function config(): StorefrontConfig {
  cached ??= readConfig();
  return cached;
}
