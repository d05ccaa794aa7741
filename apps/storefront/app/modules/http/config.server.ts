import { isIP } from "node:net";
import { DEVELOPMENT_STOREFRONT_TOKEN } from "@kassa/api-client";
import { secretWeakness } from "@kassa/domain";
import { z } from "zod";
import { type AnalyticsTag, NO_TAG_ORIGINS, TAG_ORIGINS } from "~/modules/analytics/tag";

/**
 * The storefront's configuration, read from the environment when first asked for (`config()`) and
 * kept. Every backend host and every switch of the interface lives here, with its documented
 * default (README: Configuration).
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

function listOf(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Names Express's `trust proxy` (proxy-addr) knows, beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];

/** `10.0.0.1`, `10.0.0.0/8`, `10.0.0.0/255.0.0.0`, `fd00::/8` or one of the names above. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  if (rest.length > 0 || !isIP(address)) return false;
  return bits === undefined || /^\d{1,3}$/.test(bits) || isIP(bits) !== 0;
}

/** `10.0.0.1` or `10.0.0.0/8` / `fd00::/8` (prefix bits within the family's width). */
function isAddressOrRange(entry: string): boolean {
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (rest.length > 0 || family === 0) return false;
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
  );
}

const unique = (values: string[]) => [...new Set(values)];

/** The origin of an API base URL (already checked to be a URL). */
const originOfUrl = (url: string) => new URL(url).origin;

/** `https://shop.example` (a trailing `/` is dropped); anything with a path, or not http(s), is refused. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    return bare && (url.protocol === "https:" || url.protocol === "http:") ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Comma-separated origins (`https://shop.example`, a trailing `/` dropped), each checked. */
const originList = z
  .string()
  .transform(listOf)
  .refine((entries) => entries.every((entry) => originOf(entry) !== undefined), {
    error: "each entry must be an origin such as https://shop.example (no path)",
  })
  .transform((entries) => entries.map((entry) => originOf(entry) as string));

const envSchema = z.object({
  NODE_ENV: z.string().default("development"),
  /**
   * Worker processes serving the one port (`server/workers.ts`, Node's cluster): one per core the
   * storefront may use. 1 (the default) is a single process, with no cluster primary in front.
   * Production only: development runs one process with Vite.
   */
  WEB_CONCURRENCY: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(1).max(64).default(1),
  ),
  /**
   * Requests one storefront process renders at once; later ones wait in line (ADR 0028). Bounds a
   * process's memory under a rush; 0 takes every request at once.
   */
  KASSA_REQUESTS_AT_ONCE: z.coerce.number().int().min(0).max(10_000).default(16),
  /**
   * `/healthz` answers 503 (saturated) once every render slot is busy and the first request in
   * line has waited this long, so a load balancer sends visitors elsewhere (ADR 0033).
   */
  KASSA_SATURATED_WAIT_SECONDS: z.coerce.number().positive().max(600).default(10),
  /** The largest form post in KB; the company screen's print-file upload has its own limit. */
  KASSA_FORM_MAX_KB: z.coerce.number().int().min(1).max(10_240).default(64),
  /** A request's header block must arrive within this, else 408 and the connection is closed. */
  KASSA_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  /** A post's body must arrive within this, plus a second for each 4 KiB it carries. */
  KASSA_BODY_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  /** The whole request, a print-file upload included, must arrive within this. */
  KASSA_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(300),
  /**
   * Deadlines of backend calls in milliseconds, each covering the call with its retries (ADR 0041):
   * what a page reads (catalogue, search, the cart and account a page shows), what a form changes
   * (cart, account, company, newsletter), the checkout and its payment, and print-file uploads,
   * which the platform may convert for up to 15 s. A read past its deadline answers the 504 page.
   */
  KASSA_DEADLINE_READ_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  KASSA_DEADLINE_WRITE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  KASSA_DEADLINE_PAYMENT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  KASSA_DEADLINE_UPLOAD_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Shopper API host (cart, session, prices, stock). */
  KASSA_SHOPPER_API_URL: z.url().default("http://localhost:4000"),
  /** Product wrapper host (`/enad/get-products-…`). */
  KASSA_PRODUCT_API_URL: z.url().default("http://localhost:4000"),
  /** Account and organisation API host (`/enad/login/`, `/enad/signup/`, …). */
  KASSA_ACCOUNT_API_URL: z.url().default("http://localhost:4000"),
  /** The order calls of the account pages (`/brink/get-orders-by-email/`, …; C§7). */
  KASSA_ORDER_API_URL: z.url().default("http://localhost:4000"),
  /**
   * Company media (C§7 Media: the company files, uploads, the EPS converter). The spec's "worker or
   * app" host; the platform serves both.
   */
  KASSA_MEDIA_API_URL: z.url().default("http://localhost:4000"),
  /** The marketing provider's host (C§7 Newsletter: subscribe, and the mail's confirm and unsubscribe). */
  KASSA_MARKETING_API_URL: z.url().default("http://localhost:4000"),
  /** The marketing provider's list the newsletter block signs shoppers up to (C§7 "a list id"). */
  KASSA_NEWSLETTER_LIST_ID: z.string().trim().min(1).default("newsletter"),
  /** C§5: the largest print file in MB (the spec's configured `maxFileSize`, else 5). */
  KASSA_PRINT_FILE_MAX_MB: z.coerce.number().positive().max(100).default(5),
  /**
   * How long catalogue reads (categories, product lists, products, prices, stock) are served from
   * this process's cache as they are (ADR 0025); 0 turns the cache off.
   */
  KASSA_CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  /**
   * After that, how long an entry is still served while it is refreshed behind the answer
   * (stale-while-revalidate). No answer is older than the two together, even when a change's
   * notice is lost.
   */
  KASSA_CATALOGUE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).default(10),
  /**
   * How long a shared HTTP cache in front (Varnish, a CDN) may keep an anonymous visitor's
   * catalogue page (`s-maxage`, ADR 0027); 0 marks every page `private, no-store`.
   */
  KASSA_PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  /** After that, how long the shared cache may still answer with it while it refetches. */
  KASSA_PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).default(30),
  /**
   * The shared caches to purge when a cache-tag notice arrives, comma-separated base URLs (each is
   * sent `PURGE /` with the tags in `xkey-purge`), e.g. `http://127.0.0.1:6081`; empty purges none.
   */
  KASSA_SHARED_CACHE_PURGE_URLS: z
    .string()
    .default("")
    .transform(listOf)
    .refine((entries) => entries.every((entry) => z.url().safeParse(entry).success), {
      error: "each entry must be a URL such as http://127.0.0.1:6081",
    }),
  /** Listen for the platform's cache-tag notices and drop what they name (ADR 0025). */
  KASSA_CACHE_TAGS: booleanFlag.default(true),
  /** The platform whose `/cache-tags/stream` this process follows; default the shopper API's host. */
  KASSA_CACHE_TAGS_URL: z.url().optional(),
  /**
   * The stream's shared secret, the platform's `KASSA_CACHE_TAGS_SECRET` (at least 32 characters;
   * in production random, `cacheTagsSecretOf`), sent as a bearer token. Unset: the platform lets
   * only its own machine follow the stream.
   */
  KASSA_CACHE_TAGS_SECRET: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || value.length >= 32, {
      error: "must be at least 32 characters",
    }),
  /** A Redis server: the notices are then taken from its channel `kassa:cache-tags` instead. */
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || /^rediss?:\/\//.test(value), {
      error: "must be a redis:// or rediss:// URL",
    }),
  /** Store group of this storefront. */
  KASSA_STORE_GROUP: z.string().min(1).default("default"),
  /**
   * Secret that signs the storefront's cookies. Required outside development and test: random,
   * at least 32 characters (`secretWeakness` of @kassa/domain), e.g. `openssl rand -hex 32`.
   */
  SESSION_SECRET: z.string().min(16).optional(),
  /**
   * The shop's own credential on the platform (ADR 0048), sent as `Kassa-Storefront-Token` with
   * every platform call: one of the platform's `KASSA_STOREFRONT_TOKENS`. With it the platform
   * takes the shop's signup settings and store groups; without it this storefront is anonymous
   * there. Required outside development and test, like SESSION_SECRET: random, at least 32
   * characters, e.g. `openssl rand -hex 32`.
   */
  KASSA_STOREFRONT_TOKEN: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  /**
   * Proxies in front of the storefront whose `X-Forwarded-For`, `-Proto` and `-Host` are believed
   * (Express's `trust proxy`): addresses, CIDR ranges and `loopback`, `linklocal`, `uniquelocal`,
   * comma-separated; empty trusts none. The shopper's address is the first one, from the right of
   * [X-Forwarded-For…, socket peer], that is not a trusted proxy.
   */
  KASSA_TRUSTED_PROXIES: z
    .string()
    .default("loopback")
    .transform(listOf)
    .refine((entries) => entries.every(isProxyEntry), {
      error: "each entry must be an IP address, a CIDR range, or loopback, linklocal, uniquelocal",
    }),
  /**
   * Other origins whose pages may post forms here (a shop served under several hosts), e.g.
   * `https://www.shop.example,https://shop.example`; the storefront's own origin is always allowed.
   */
  KASSA_ALLOWED_ORIGINS: originList.default([]),
  /**
   * Who may read `/metrics` besides loopback (the scraper's address as the trusted proxies give
   * it): addresses and CIDR ranges, comma-separated, e.g. `10.0.5.7,10.1.0.0/16` (ADR 0042).
   */
  KASSA_METRICS_ALLOWED: z
    .string()
    .default("")
    .transform(listOf)
    .refine((entries) => entries.every((entry) => isAddressOrRange(entry)), {
      error: "each entry must be an IP address or a CIDR range such as 10.0.0.0/8",
    }),
  /**
   * On SIGTERM, how long requests in flight may take to finish before their connections are
   * closed and the process exits (ADR 0042).
   */
  KASSA_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * The shop's address as shoppers reach it, e.g. `https://shop.example`: every absolute link the
   * storefront writes (hreflang alternates, the payment providers' return and terms URLs) is built
   * on it, never on a request's `Host` or `X-Forwarded-Host`, which the client writes and a shared
   * cache would replay to everyone. Default `http://localhost:<PORT>`. An `https` origin in
   * production also turns on HSTS.
   */
  KASSA_PUBLIC_ORIGIN: z
    .string()
    .optional()
    .refine((value) => !value || originOf(value) !== undefined, {
      error: "must be an origin such as https://shop.example (no path)",
    }),
  /** The storefront's port, for the public origin's default. */
  PORT: z.string().optional(),
  /**
   * Where product, category and print-file pictures come from (the Content-Security-Policy's
   * `img-src`), comma-separated origins; default: the product and media API hosts, which serve them.
   */
  KASSA_IMAGE_ORIGINS: originList.optional(),
  /**
   * The payment providers' hosts: their checkout scripts, frames, styles and calls, and where
   * their forms post (`script-src`, `frame-src`, `form-action`, … and Permissions-Policy
   * `payment`), comma-separated origins; default: the shopper API's host, which serves the
   * providers' sandboxes. A real provider's hosts are listed here (docs/security.md).
   */
  KASSA_PAYMENT_ORIGINS: originList.optional(),
  /**
   * Google Tag Manager container id (`GTM-…`), loaded from www.googletagmanager.com only after the
   * shopper consented to statistics; unset (the default), no tag loads and the data layer still
   * fills (issue 30, ADR 0038).
   */
  KASSA_GTM_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || /^GTM-[A-Z0-9]+$/.test(value), {
      error: "must be a Google Tag Manager id such as GTM-ABC123",
    }),
  /** A GA4 measurement id (`G-…`), loaded like KASSA_GTM_ID; with both set, only GTM loads. */
  KASSA_GA4_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || /^G-[A-Z0-9]+$/.test(value), {
      error: "must be a GA4 measurement id such as G-ABC123",
    }),
  /** Send cookies with `Secure` (default: in production). */
  KASSA_COOKIE_SECURE: booleanFlag.optional(),
  /** A§1: the create-account link on the login page. */
  KASSA_SHOW_SIGNUP_LINK: booleanFlag.default(true),
  /** A§1: the forgot-password link on the login page. */
  KASSA_SHOW_FORGOT_PASSWORD_LINK: booleanFlag.default(true),
  /** A§1: the login button (link) on the signup page. */
  KASSA_SHOW_SIGNUP_LOGIN_BUTTON: booleanFlag.default(true),
  /** A§1: the organisation section of the signup form (company accounts). */
  KASSA_ORGANISATION_SIGNUP: booleanFlag.default(true),
  /**
   * A§1, A§3: the organisation section also asks for the company's reference in the merchant's
   * own systems (`external_ref`, optional). Off by default: a new buyer rarely knows it.
   */
  KASSA_SIGNUP_EXTERNAL_REF: booleanFlag.default(false),
  /** A§1, A§3 Settings.notifications: which preference checkboxes appear (`email,sms,postal`). */
  KASSA_NOTIFICATION_CHOICES: z
    .string()
    .default("email,sms,postal")
    .transform((value) =>
      listOf(value).filter((item) => ["email", "sms", "postal"].includes(item)),
    ),
  /** A§1: organisation attributes offered at signup, `id=Label,…`; empty hides the picker. */
  KASSA_ORGANISATION_ATTRIBUTES: z
    .string()
    .default("")
    .transform((value) =>
      listOf(value).map((item) => {
        const [id = "", label] = item.split("=");
        return { id: id.trim(), label: (label ?? id).trim() };
      }),
    ),
  /** A§1: countries the signup country picker offers; empty hides the picker (country SE). */
  KASSA_SIGNUP_COUNTRIES: z
    .string()
    .default("SE,FI")
    .transform((value) => listOf(value).map((item) => item.toUpperCase())),
  /** A§3: status of new users and organisations (`active`, or `pending` for manual approval). */
  KASSA_SIGNUP_USER_STATUS: z.enum(["active", "pending"]).default("active"),
  KASSA_SIGNUP_ORGANISATION_STATUS: z.enum(["active", "pending"]).default("active"),
  /** C§2 `giftCardEnabled`: the gift-card box (code and pin) of the cart's voucher panel. */
  KASSA_GIFT_CARDS_ENABLED: booleanFlag.default(true),
  /**
   * C§4: the build setting that allows the customer's approve / decline / request change on
   * orders awaiting them. On by default; a shop that takes no decisions turns it off.
   */
  KASSA_ORDER_DECISIONS_ENABLED: booleanFlag.default(true),
});

export type StorefrontConfig = ReturnType<typeof readConfig>;

function tagOf(gtmId: string | undefined, ga4Id: string | undefined): AnalyticsTag | null {
  if (gtmId) return { kind: "gtm", id: gtmId };
  if (ga4Id) return { kind: "ga4", id: ga4Id };
  return null;
}

/** Signs cookies outside production when SESSION_SECRET is unset: published, so never for a shop. */
export const DEVELOPMENT_SESSION_SECRET = "kassa-development-secret-not-for-production";

/**
 * The secret that signs cookies. The development default applies only when NODE_ENV says
 * `development` or `test`; anything else (`production`, but also `staging` or a typo) needs a
 * strong secret of its own, so no shop signs its cookies with a published one.
 */
function sessionSecretOf(nodeEnv: string, secret: string | undefined): string {
  if (!nodeEnv || nodeEnv === "development" || nodeEnv === "test") {
    return secret ?? DEVELOPMENT_SESSION_SECRET;
  }
  if (!secret) {
    throw new Error(
      `SESSION_SECRET must be set when NODE_ENV=${nodeEnv} (e.g. \`openssl rand -hex 32\`).`,
    );
  }
  const weakness = secretWeakness(secret, [DEVELOPMENT_SESSION_SECRET]);
  if (weakness) throw new Error(`SESSION_SECRET is too weak for NODE_ENV=${nodeEnv}: ${weakness}.`);
  return secret;
}

/**
 * The cache-tag stream's shared secret (the platform's `KASSA_CACHE_TAGS_SECRET`). Its length is
 * checked by the schema everywhere; outside development and test it must also be random
 * (`secretWeakness`, as the platform asks of the same value, ADR 0051): `"a".repeat(40)` is long
 * and guessed in one try.
 */
function cacheTagsSecretOf(nodeEnv: string, secret: string | undefined): string | undefined {
  if (secret === undefined || !nodeEnv || nodeEnv === "development" || nodeEnv === "test") {
    return secret;
  }
  const weakness = secretWeakness(secret, [DEVELOPMENT_SESSION_SECRET]);
  if (weakness) {
    throw new Error(
      `KASSA_CACHE_TAGS_SECRET is too weak for NODE_ENV=${nodeEnv}: ${weakness} (e.g. \`openssl rand -hex 32\`).`,
    );
  }
  return secret;
}

/**
 * The storefront's token on the platform. Outside production the published development token
 * (the platform's default too); anything else needs a strong one of its own, as SESSION_SECRET.
 */
function storefrontTokenOf(nodeEnv: string, token: string | undefined): string {
  if (!nodeEnv || nodeEnv === "development" || nodeEnv === "test") {
    return token ?? DEVELOPMENT_STOREFRONT_TOKEN;
  }
  if (!token) {
    throw new Error(
      `KASSA_STOREFRONT_TOKEN must be set when NODE_ENV=${nodeEnv} (one of the platform's KASSA_STOREFRONT_TOKENS, e.g. \`openssl rand -hex 32\`).`,
    );
  }
  const weakness = secretWeakness(token, [DEVELOPMENT_STOREFRONT_TOKEN]);
  if (weakness) {
    throw new Error(`KASSA_STOREFRONT_TOKEN is too weak for NODE_ENV=${nodeEnv}: ${weakness}.`);
  }
  return token;
}

export function readConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid storefront configuration:\n${problems.join("\n")}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === "production";
  if (values.KASSA_HEADERS_TIMEOUT_SECONDS > values.KASSA_REQUEST_TIMEOUT_SECONDS) {
    throw new Error(
      "Invalid storefront configuration:\nKASSA_HEADERS_TIMEOUT_SECONDS must not exceed KASSA_REQUEST_TIMEOUT_SECONDS",
    );
  }
  const sessionSecret = sessionSecretOf(values.NODE_ENV, values.SESSION_SECRET);
  const cacheTagsSecret = cacheTagsSecretOf(values.NODE_ENV, values.KASSA_CACHE_TAGS_SECRET);
  const storefrontToken = storefrontTokenOf(values.NODE_ENV, values.KASSA_STOREFRONT_TOKEN);
  const cookieSecure = values.KASSA_COOKIE_SECURE ?? isProduction;
  const publicOrigin = originOf(values.KASSA_PUBLIC_ORIGIN ?? "");
  const localOrigin = `http://localhost:${values.PORT || 3000}`;
  return {
    /** NODE_ENV as read (`development` when unset). */
    nodeEnv: values.NODE_ENV,
    isProduction,
    /** Storefront processes behind the port (`WEB_CONCURRENCY`); read by `server/main.ts`. */
    webConcurrency: values.WEB_CONCURRENCY,
    /** Requests rendered at once per process (`KASSA_REQUESTS_AT_ONCE`); read by the server. */
    requestsAtOnce: values.KASSA_REQUESTS_AT_ONCE,
    /** The server's limits and timeouts for each request (ADR 0033); read by the server. */
    edge: {
      saturatedAfterMs: values.KASSA_SATURATED_WAIT_SECONDS * 1000,
      formMaxBytes: values.KASSA_FORM_MAX_KB * 1024,
      headersTimeoutMs: values.KASSA_HEADERS_TIMEOUT_SECONDS * 1000,
      bodyTimeoutMs: values.KASSA_BODY_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: values.KASSA_REQUEST_TIMEOUT_SECONDS * 1000,
    },
    /** The deadline of each kind of backend call, in milliseconds (`deadlines.server.ts`). */
    deadlines: {
      read: values.KASSA_DEADLINE_READ_MS,
      write: values.KASSA_DEADLINE_WRITE_MS,
      payment: values.KASSA_DEADLINE_PAYMENT_MS,
      upload: values.KASSA_DEADLINE_UPLOAD_MS,
    },
    /** `Secure` cookies; browsers accept them on http://localhost too. */
    cookieSecure,
    shopperApiUrl: values.KASSA_SHOPPER_API_URL,
    productApiUrl: values.KASSA_PRODUCT_API_URL,
    accountApiUrl: values.KASSA_ACCOUNT_API_URL,
    orderApiUrl: values.KASSA_ORDER_API_URL,
    mediaApiUrl: values.KASSA_MEDIA_API_URL,
    marketingApiUrl: values.KASSA_MARKETING_API_URL,
    newsletterListId: values.KASSA_NEWSLETTER_LIST_ID,
    storeGroupId: values.KASSA_STORE_GROUP,
    catalogueCacheSeconds: values.KASSA_CATALOGUE_CACHE_SECONDS,
    catalogueCacheStaleSeconds: values.KASSA_CATALOGUE_CACHE_STALE_SECONDS,
    /** What a shared HTTP cache in front may keep, and where to purge it (ADR 0027). */
    sharedCache: {
      pageSeconds: values.KASSA_PAGE_CACHE_SECONDS,
      staleSeconds: values.KASSA_PAGE_CACHE_STALE_SECONDS,
      purgeUrls: values.KASSA_SHARED_CACHE_PURGE_URLS,
    },
    /** Where this process hears which cache tags changed (ADR 0025). */
    cacheTags: {
      mode: values.KASSA_CACHE_TAGS ? ("on" as const) : ("off" as const),
      streamUrl: values.KASSA_CACHE_TAGS_URL ?? values.KASSA_SHOPPER_API_URL,
      streamSecret: cacheTagsSecret,
      redisUrl: values.REDIS_URL,
    },
    sessionSecret,
    /** The shop's own credential, sent on every platform call (`clients.server.ts`, ADR 0048). */
    storefrontToken,
    /**
     * The development defaults this process runs with, each saying what it opens: the server
     * prints them at start (`server/development-defaults.ts`).
     */
    developmentDefaults: [
      ...(sessionSecret === DEVELOPMENT_SESSION_SECRET
        ? ["SESSION_SECRET is unset: cookies are signed with the published development secret"]
        : []),
      ...(storefrontToken === DEVELOPMENT_STOREFRONT_TOKEN
        ? [
            "KASSA_STOREFRONT_TOKEN is unset: the platform is called with the published development storefront token",
          ]
        : []),
      ...(cookieSecure ? [] : ["cookies are sent without Secure (KASSA_COOKIE_SECURE)"]),
      ...(publicOrigin
        ? []
        : [
            `KASSA_PUBLIC_ORIGIN is unset: links and the payment providers' return URLs lead to ${localOrigin}`,
          ]),
    ],
    /** The shop's own origin: absolute links are built on it (`public-origin.server.ts`). */
    publicOrigin: publicOrigin ?? localOrigin,
    /** Hosts the pages' Content-Security-Policy allows (`content-security-policy.server.ts`). */
    contentOrigins: {
      images:
        values.KASSA_IMAGE_ORIGINS ??
        unique([values.KASSA_PRODUCT_API_URL, values.KASSA_MEDIA_API_URL].map(originOfUrl)),
      payments: values.KASSA_PAYMENT_ORIGINS ?? [originOfUrl(values.KASSA_SHOPPER_API_URL)],
      analytics: tagOf(values.KASSA_GTM_ID, values.KASSA_GA4_ID) ? TAG_ORIGINS : NO_TAG_ORIGINS,
    },
    /** The tag loaded after consent to statistics, if any (`analytics/tag.ts`, ADR 0038). */
    analyticsTag: tagOf(values.KASSA_GTM_ID, values.KASSA_GA4_ID),
    /** Read by the storefront's server (`server/app.ts`), not by routes. */
    trustedProxies: values.KASSA_TRUSTED_PROXIES,
    /** `/metrics` readers beside loopback, and the SIGTERM deadline (ADR 0042); read by the server. */
    operations: {
      metricsAllowed: values.KASSA_METRICS_ALLOWED,
      shutdownTimeoutMs: values.KASSA_SHUTDOWN_TIMEOUT_MS,
    },
    /** The public origin is the shop's own: its pages may always post here (behind a TLS proxy). */
    allowedOrigins: unique([publicOrigin ?? localOrigin, ...values.KASSA_ALLOWED_ORIGINS]),
    settings: {
      showSignupLink: values.KASSA_SHOW_SIGNUP_LINK,
      showForgotPasswordLink: values.KASSA_SHOW_FORGOT_PASSWORD_LINK,
      showSignupLoginButton: values.KASSA_SHOW_SIGNUP_LOGIN_BUTTON,
      organisationSignup: values.KASSA_ORGANISATION_SIGNUP,
      signupExternalRef: values.KASSA_SIGNUP_EXTERNAL_REF,
      notificationChoices: values.KASSA_NOTIFICATION_CHOICES as ("email" | "sms" | "postal")[],
      organisationAttributes: values.KASSA_ORGANISATION_ATTRIBUTES,
      signupCountries: values.KASSA_SIGNUP_COUNTRIES,
      signupUserStatus: values.KASSA_SIGNUP_USER_STATUS,
      signupOrganisationStatus: values.KASSA_SIGNUP_ORGANISATION_STATUS,
      giftCardsEnabled: values.KASSA_GIFT_CARDS_ENABLED,
      orderDecisionsEnabled: values.KASSA_ORDER_DECISIONS_ENABLED,
      printFileMaxMb: values.KASSA_PRINT_FILE_MAX_MB,
    },
  };
}

/**
 * How many times the configuration was forgotten in this process. Kept on globalThis because the
 * process can hold more than one copy of this module (the server's and the Remix build's, or the
 * development server's after a reload): forgetting reaches them all.
 */
const GENERATION = Symbol.for("kassa.storefrontConfig.generation");
const holder = globalThis as { [GENERATION]?: number };

let cached: { settings: StorefrontConfig; generation: number } | undefined;

/**
 * The configuration of this process, read from the environment at the first call (the server
 * calls it at start, so a bad setting stops it there) and kept until it is forgotten. Nothing
 * reads it when a module loads: a module that needs a setting calls this when it needs it.
 */
export function config(): StorefrontConfig {
  const generation = holder[GENERATION] ?? 0;
  if (cached?.generation !== generation) cached = { settings: readConfig(), generation };
  return cached.settings;
}

/**
 * Forgets the configuration, in every copy of this module: the next `config()` reads the
 * environment again. Tests call it when they change settings (a test file sets its own, in a
 * process that ran other files before it); a running shop never does.
 */
export function forgetConfig(): void {
  holder[GENERATION] = (holder[GENERATION] ?? 0) + 1;
}

/** Reads the environment again now (tests that switch settings); throws on a bad setting. */
export function reloadConfig(): StorefrontConfig {
  forgetConfig();
  return config();
}

/**
 * A value made from the configuration (cookies that carry its secret, a cache sized by it), made
 * once and made again when the configuration is read again: nothing keeps settings that were
 * replaced. In a running shop the configuration is read once, so the value is made once.
 */
export function fromConfig<T>(make: (settings: StorefrontConfig) => T): () => T {
  let made: { from: StorefrontConfig; value: T } | undefined;
  return () => {
    const settings = config();
    if (made?.from !== settings) made = { from: settings, value: make(settings) };
    return made.value;
  };
}
