import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEVELOPMENT_STOREFRONT_TOKEN } from "@kassa/api-client";
import {
  isPaymentProviderName,
  type PaymentProviderName,
  PRINT_FILE_DEFAULT_MAX_SIZE_MB,
  secretWeakness,
} from "@kassa/domain";
import proxyaddr from "proxy-addr";
import {
  DEFAULT_OAUTH_TOKEN_SECONDS,
  DEVELOPMENT_OAUTH_CLIENT,
  type OAuthClient,
  readOAuthClients,
} from "./modules/oauth/oauth-clients.js";
import {
  DEFAULT_PAYMENT_PROVIDERS,
  type PaymentProviderSettings,
} from "./modules/shopper/capabilities.js";
import { parseAllowedNetworks } from "./outbound/outbound-address.js";
import { defaultDataDir } from "./package-root.js";

export interface PlatformConfig {
  /** Base of absolute URLs the platform hands out (product and category images). */
  publicUrl: string;
  /** HS256 key of shopper session tokens and account access tokens. */
  sessionSecret: string;
  /** Base of the links in account mails (`/login/?token=…`, `/reset-password/?token=…`). */
  storefrontUrl: string;
  /** `smtp://user:pass@host:port`: mails are also sent through it. Unset: outbox only. */
  smtpUrl?: string;
  /** Sender of every mail. */
  mailFrom: string;
  /**
   * Mount `/dev/*`: the outbox at `/dev/mail` and `/dev/mail.json`, and the browser tests' levers
   * (never on a public production shop).
   */
  devMail: boolean;
  /**
   * Mount the payment sandboxes' own pages (`/sandbox/*`: the widgets where anyone can "pay"),
   * `KASSA_PAYMENT_SANDBOXES`: outside production, or when set to `true`.
   */
  paymentSandboxes: boolean;
  /**
   * The storefront's public origins (`KASSA_STOREFRONT_ORIGINS`; default the origin of
   * `STOREFRONT_URL`, with its other loopback spellings when that is localhost): every URL a
   * shopper call hands a payment provider (terms, checkout, confirmation and return pages) must be
   * on one of them, so the provider never sends a shopper, or frames its widget, anywhere else.
   */
  storefrontOrigins: string[];
  /**
   * Networks the platform's own outbound calls may reach although they are not public
   * (`KASSA_OUTBOUND_ALLOWED_NETWORKS`: addresses and CIDR ranges; default none). The configured
   * origins (`PUBLIC_URL`, the storefront's) are reached wherever they are.
   */
  outboundAllowedNetworks: string[];
  /**
   * Callers whose `X-Forwarded-For` is believed (the storefront, a load balancer), in the
   * notation of Express's `trust proxy`: `loopback`, addresses, CIDR ranges. Default `loopback`.
   */
  trustedProxies: string[];
  /**
   * Payment providers offered per store group and market (`KASSA_PAYMENT_PROVIDERS`):
   * `default:SE=QliroOne,KlarnaCheckout;default:FI=Avarda;business:*=WalleyCheckout`.
   */
  paymentProviders: PaymentProviderSettings;
  /**
   * Where a customer's decision on an order goes when the order's company has no agent, or the
   * order has no company (`KASSA_ORDER_DESK_EMAIL`).
   */
  orderDeskEmail: string;
  /** The management API's OAuth2 clients (`KASSA_OAUTH_CLIENTS`; a development one by default). */
  oauthClients: OAuthClient[];
  /**
   * The shop's own credentials (`KASSA_STOREFRONT_TOKENS`, comma-separated so that a token can be
   * rotated with two valid at once): a caller that sends one as `Kassa-Storefront-Token` is the
   * shop and may set what an anonymous caller may not (a signup's status, a session's store
   * group, ADR 0048). Outside production the published development token by default; in
   * production none unless configured.
   */
  storefrontTokens: string[];
  /** How long a management access token lives (`KASSA_OAUTH_TOKEN_SECONDS`, 900). */
  oauthTokenSeconds: number;
  /**
   * Cart sessions one client address may start in ten minutes
   * (`KASSA_SESSION_STARTS_PER_ADDRESS`, 60): raise it where many shoppers share one address (a
   * test run whose browsers all come from 127.0.0.1, an office behind one NAT).
   */
  sessionStartsPerAddress: number;
  /**
   * Where the company files' bytes are kept, one file per stored file (`KASSA_MEDIA_DIR`,
   * `<DATA_DIR>/media`). Several platform processes must share it (ADR 0014).
   */
  mediaDir: string;
  /** The largest print file, in MB (`KASSA_PRINT_FILE_MAX_MB`, 5: C§9's fallback). */
  printFileMaxMb: number;
  /**
   * Ghostscript conversions one platform process runs at once (`KASSA_CONVERSIONS_AT_ONCE`, 1);
   * twice as many wait their turn, and the ones after answer 503 with `Retry-After`.
   */
  conversionsAtOnce: number;
  /**
   * The shared secret storefronts send for `/cache-tags/stream` (`KASSA_CACHE_TAGS_SECRET`, at
   * least 32 characters), as `Authorization: Bearer <secret>`. Unset: only callers on this machine
   * (loopback, no forwarding header) may follow the stream (ADR 0034).
   */
  cacheTagsSecret?: string;
  /**
   * Who may read `/metrics` besides this machine (`KASSA_METRICS_ALLOWED`): the scrapers'
   * addresses and networks, in the notation of `trustedProxies`; default none (ADR 0039).
   */
  metricsAllowed: string[];
  /**
   * A bearer token that opens `/metrics` from anywhere (`KASSA_METRICS_TOKEN`, at least 32
   * characters); unset: none does.
   */
  metricsToken?: string;
}

export interface ServerConfig extends PlatformConfig {
  port: number;
  host: string;
  /** PostgreSQL server; when unset the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string;
  /** Redis server (`REDIS_URL`): cache-tag notices are also published there (ADR 0025). */
  redisUrl?: string;
  dataDir: string;
  /** Create the demo users (public password) when seeding: never by default in production. */
  demoAccounts: boolean;
  /** PGlite's buffer pool, e.g. `32MB` (`KASSA_PGLITE_SHARED_BUFFERS`); unused with DATABASE_URL. */
  pgliteSharedBuffers?: string;
  /**
   * Fill the catalogue with synthetic products up to this many product parents when seeding
   * (`KASSA_SEED_PRODUCTS`, unset: the seed catalogue alone); for trying the shop at size.
   */
  seedProducts?: number;
  /**
   * Give the demo company Nordtrade AB older orders until it has this many when seeding
   * (`KASSA_SEED_BULK_ORDERS`, unset: the demo orders alone); for the order list at a big
   * company's size (issue 32). Needs the demo accounts.
   */
  seedBulkOrders?: number;
  /**
   * On SIGTERM, how long requests in flight may take to finish before their connections are cut
   * (`KASSA_SHUTDOWN_TIMEOUT_MS`, 10000), ADR 0039.
   */
  shutdownTimeoutMs: number;
}

/** Used outside production only, so that `pnpm dev` and tests work without setup. */
export const DEVELOPMENT_SESSION_SECRET =
  "kassa-development-session-secret-do-not-use-in-production";

/** Secrets written in this repository and its README: never a production shop's. */
const PUBLISHED_SECRETS = [DEVELOPMENT_SESSION_SECRET, DEVELOPMENT_OAUTH_CLIENT.secret];

export const DEFAULT_TRUSTED_PROXIES = ["loopback"];
/** Cart sessions one address may start in ten minutes, unless configured. */
export const DEFAULT_SESSION_STARTS_PER_ADDRESS = 60;
/** One conversion at a time: Ghostscript takes a whole core, and the platform runs on two. */
export const DEFAULT_CONVERSIONS_AT_ONCE = 1;

export const DEFAULT_STOREFRONT_URL = "http://localhost:3000";
export const DEFAULT_MAIL_FROM = "Kassa <no-reply@kassa.test>";
export const DEFAULT_ORDER_DESK_EMAIL = "order@kassa.test";

type Env = Record<string, string | undefined>;

export function readServerConfig(env: Env = process.env): ServerConfig {
  const port = parsePort(env.PORT);
  const host = env.HOST || "localhost";
  const dataDir = env.DATA_DIR || defaultDataDir();
  return {
    port,
    host,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ""),
    sessionSecret: readSessionSecret(env),
    storefrontUrl: (env.STOREFRONT_URL || DEFAULT_STOREFRONT_URL).replace(/\/+$/, ""),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    devMail: readDevMail(env),
    paymentSandboxes: readPaymentSandboxes(env),
    storefrontOrigins: readStorefrontOrigins(env),
    outboundAllowedNetworks: readAllowedNetworks(env.KASSA_OUTBOUND_ALLOWED_NETWORKS),
    trustedProxies: readList(env.KASSA_TRUSTED_PROXIES, DEFAULT_TRUSTED_PROXIES),
    paymentProviders: readPaymentProviders(env.KASSA_PAYMENT_PROVIDERS),
    orderDeskEmail: env.KASSA_ORDER_DESK_EMAIL || DEFAULT_ORDER_DESK_EMAIL,
    oauthClients: readOAuthClients(env.KASSA_OAUTH_CLIENTS, !allowsDevelopmentDefaults(env)),
    storefrontTokens: readStorefrontTokens(
      env.KASSA_STOREFRONT_TOKENS,
      !allowsDevelopmentDefaults(env),
    ),
    oauthTokenSeconds: readTokenSeconds(env.KASSA_OAUTH_TOKEN_SECONDS),
    sessionStartsPerAddress: readSessionStarts(env.KASSA_SESSION_STARTS_PER_ADDRESS),
    mediaDir: env.KASSA_MEDIA_DIR || join(dataDir, "media"),
    printFileMaxMb: readPrintFileMaxMb(env.KASSA_PRINT_FILE_MAX_MB),
    conversionsAtOnce: readConversionsAtOnce(env.KASSA_CONVERSIONS_AT_ONCE),
    cacheTagsSecret: readSharedSecret(env, "KASSA_CACHE_TAGS_SECRET"),
    metricsAllowed: readMetricsAllowed(env.KASSA_METRICS_ALLOWED),
    metricsToken: readSharedSecret(env, "KASSA_METRICS_TOKEN"),
    shutdownTimeoutMs: readShutdownTimeout(env.KASSA_SHUTDOWN_TIMEOUT_MS),
    demoAccounts: readDemoAccounts(env),
    pgliteSharedBuffers: readSharedBuffers(env.KASSA_PGLITE_SHARED_BUFFERS),
    seedProducts: readSeedProducts(env.KASSA_SEED_PRODUCTS, "KASSA_SEED_PRODUCTS"),
    seedBulkOrders: readSeedBulkOrders(env.KASSA_SEED_BULK_ORDERS, "KASSA_SEED_BULK_ORDERS"),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    dataDir,
  };
}

/**
 * `KASSA_STOREFRONT_TOKENS`: comma-separated tokens. Unset: the published development token
 * outside production, none in production. In production each must be a strong secret
 * (`secretWeakness`), never the published one; a token listed twice stops the start too.
 */
export function readStorefrontTokens(value: string | undefined, production: boolean): string[] {
  if (value === undefined) return production ? [] : [DEVELOPMENT_STOREFRONT_TOKEN];
  const tokens = readList(value, []);
  tokens.forEach((token, index) => {
    const weakness = production ? secretWeakness(token, [DEVELOPMENT_STOREFRONT_TOKEN]) : undefined;
    if (weakness) {
      throw new Error(`KASSA_STOREFRONT_TOKENS: token ${index + 1} is too weak: ${weakness}`);
    }
    if (tokens.indexOf(token) !== index) {
      throw new Error(`KASSA_STOREFRONT_TOKENS: token ${index + 1} is listed twice`);
    }
  });
  return tokens;
}

/** `KASSA_PGLITE_SHARED_BUFFERS`: an amount PostgreSQL reads, `16MB` … `1GB`; unset: the default. */
function readSharedBuffers(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const match = /^(\d+)\s*(kB|MB|GB)$/.exec(value.trim());
  if (!match) {
    throw new Error(`KASSA_PGLITE_SHARED_BUFFERS must be an amount like 32MB, got "${value}"`);
  }
  return `${match[1]}${match[2]}`;
}

/** The most products the seed makes up: the size the catalogue is measured at, and ten times it. */
export const MAX_SEED_PRODUCTS = 1_000_000;

/** `KASSA_SEED_PRODUCTS` or `--products`: a whole number of product parents, 1 to 1,000,000. */
export function readSeedProducts(value: string | undefined, name: string): number | undefined {
  if (!value) return undefined;
  const products = Number(value.replaceAll("_", ""));
  if (!Number.isSafeInteger(products) || products < 1 || products > MAX_SEED_PRODUCTS) {
    throw new Error(`${name} must be a whole number of products 1–1000000, got "${value}"`);
  }
  return products;
}

/** The most orders `KASSA_SEED_BULK_ORDERS` gives the demo company (ten times the bench's size). */
export const MAX_SEED_BULK_ORDERS = 100_000;

/** `KASSA_SEED_BULK_ORDERS` or `--bulk-orders`: a whole number of orders, 1 to 100,000. */
export function readSeedBulkOrders(value: string | undefined, name: string): number | undefined {
  if (!value) return undefined;
  const amount = Number(value.replaceAll("_", ""));
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_SEED_BULK_ORDERS) {
    throw new Error(`${name} must be a whole number of orders 1–100000, got "${value}"`);
  }
  return amount;
}

/**
 * `KASSA_PRINT_FILE_MAX_MB`: more than 0, at most 50 MB (the uploads are held in memory while
 * they are checked and converted); unset 5.
 */
function readPrintFileMaxMb(value: string | undefined): number {
  if (!value) return PRINT_FILE_DEFAULT_MAX_SIZE_MB;
  const megabytes = Number(value);
  if (!Number.isFinite(megabytes) || megabytes <= 0 || megabytes > 50) {
    throw new Error(
      `KASSA_PRINT_FILE_MAX_MB must be a number of MB above 0, at most 50, got "${value}"`,
    );
  }
  return megabytes;
}

/** `KASSA_CONVERSIONS_AT_ONCE`: a whole number 1–16; unset 1. */
function readConversionsAtOnce(value: string | undefined): number {
  if (!value) return DEFAULT_CONVERSIONS_AT_ONCE;
  const conversions = Number(value);
  if (!Number.isSafeInteger(conversions) || conversions < 1 || conversions > 16) {
    throw new Error(`KASSA_CONVERSIONS_AT_ONCE must be a whole number 1–16, got "${value}"`);
  }
  return conversions;
}

/** The shortest `KASSA_CACHE_TAGS_SECRET` or `KASSA_METRICS_TOKEN` taken: 32 characters. */
export const MIN_CACHE_TAGS_SECRET_LENGTH = 32;

/**
 * `KASSA_CACHE_TAGS_SECRET` (the storefronts' key to `/cache-tags/stream`) or
 * `KASSA_METRICS_TOKEN` (a scraper's to `/metrics`): unset, or a secret that stops the start when
 * it is guessable. Outside production at least 32 characters. In production (any NODE_ENV but
 * `development` and `test`, as for `SESSION_SECRET`) also no published development value and
 * enough different characters (`secretWeakness`): `"a".repeat(40)` passed the length check and
 * opened every sale as it happened, or the shop's figures, to anyone who tried it.
 */
function readSharedSecret(
  env: Env,
  name: "KASSA_CACHE_TAGS_SECRET" | "KASSA_METRICS_TOKEN",
): string | undefined {
  const value = env[name];
  if (!value) return undefined;
  if (allowsDevelopmentDefaults(env)) {
    if (value.length < MIN_CACHE_TAGS_SECRET_LENGTH) {
      throw new Error(
        `${name} must be at least ${MIN_CACHE_TAGS_SECRET_LENGTH} characters, got ${value.length}`,
      );
    }
    return value;
  }
  const weakness = secretWeakness(value, PUBLISHED_SECRETS);
  if (weakness) {
    throw new Error(
      `${name} is too weak for NODE_ENV=${env.NODE_ENV}: ${weakness} (e.g. \`openssl rand -hex 32\`)`,
    );
  }
  return value;
}

/** `KASSA_METRICS_ALLOWED`: addresses, CIDR ranges and proxy-addr's names; a bad one stops the start. */
function readMetricsAllowed(value: string | undefined): string[] {
  const entries = readList(value, []);
  try {
    proxyaddr.compile(entries);
  } catch (error) {
    throw new Error(`KASSA_METRICS_ALLOWED: ${(error as Error).message}`);
  }
  return entries;
}

/** How long a SIGTERM waits for requests in flight, unless configured. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** `KASSA_SHUTDOWN_TIMEOUT_MS`: 0 (cut at once) to 10 minutes; unset 10000. */
function readShutdownTimeout(value: string | undefined): number {
  if (!value) return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isSafeInteger(ms) || ms < 0 || ms > 600_000) {
    throw new Error(`KASSA_SHUTDOWN_TIMEOUT_MS must be 0–600000 milliseconds, got "${value}"`);
  }
  return ms;
}

/** `KASSA_SESSION_STARTS_PER_ADDRESS`: a whole number from 1; unset 60. */
function readSessionStarts(value: string | undefined): number {
  if (!value) return DEFAULT_SESSION_STARTS_PER_ADDRESS;
  const starts = Number(value);
  if (!Number.isSafeInteger(starts) || starts < 1) {
    throw new Error(
      `KASSA_SESSION_STARTS_PER_ADDRESS must be a whole number from 1, got "${value}"`,
    );
  }
  return starts;
}

/** `KASSA_OAUTH_TOKEN_SECONDS`: 60 s to a day; unset 900. */
function readTokenSeconds(value: string | undefined): number {
  if (!value) return DEFAULT_OAUTH_TOKEN_SECONDS;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 60 || seconds > 86_400) {
    throw new Error(`KASSA_OAUTH_TOKEN_SECONDS must be 60–86400 seconds, got "${value}"`);
  }
  return seconds;
}

function parsePort(value: string | undefined): number {
  if (!value) return 4000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${value}"`);
  }
  return port;
}

/**
 * Whether the development defaults (a published session secret, the development OAuth client and
 * Adyen key, the outbox pages, the demo users, the payment sandboxes) may apply: only when
 * NODE_ENV says `development` or `test`, or is unset (`pnpm dev`, the tests). Any other value
 * (`production`, but also `staging` or a typo such as `prod`) counts as production, so a
 * deployment never gets a published secret by a misspelt NODE_ENV. `main.ts` lists the ones in
 * use at start (`development-defaults.ts`).
 */
export function allowsDevelopmentDefaults(env: Env): boolean {
  return !env.NODE_ENV || env.NODE_ENV === "development" || env.NODE_ENV === "test";
}

function readSessionSecret(env: Env): string {
  const secret = env.SESSION_SECRET;
  if (allowsDevelopmentDefaults(env)) return secret || DEVELOPMENT_SESSION_SECRET;
  // A known or guessable secret would let anyone forge shopper, account and back-office tokens.
  if (!secret) {
    throw new Error(
      `SESSION_SECRET must be set when NODE_ENV=${env.NODE_ENV} (e.g. \`openssl rand -hex 32\`)`,
    );
  }
  const weakness = secretWeakness(secret, [DEVELOPMENT_SESSION_SECRET]);
  if (weakness)
    throw new Error(`SESSION_SECRET is too weak for NODE_ENV=${env.NODE_ENV}: ${weakness}`);
  return secret;
}

/**
 * The outbox pages show every verify and reset link, so they are off in production unless asked
 * for: `npm start` runs the platform with NODE_ENV=production on a developer's machine, and people
 * need the outbox there (KASSA_DEV_MAIL=true).
 */
function readDevMail(env: Env): boolean {
  return allowsDevelopmentDefaults(env) || env.KASSA_DEV_MAIL === "true";
}

/**
 * The sandboxes take any payment (anyone can place an order, mail its confirmation and its gift
 * cards, for nothing), so production mounts them only when asked for: `npm start` and the
 * benchmarks, a demonstration on the developer's own machine, ask (KASSA_PAYMENT_SANDBOXES=true).
 */
function readPaymentSandboxes(env: Env): boolean {
  return allowsDevelopmentDefaults(env) || env.KASSA_PAYMENT_SANDBOXES === "true";
}

/** `https://shop.example` from an origin given alone; anything with a path, or not http(s), stops the start. */
function originOf(value: string, name: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  const bare = url?.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
  if (!url || !bare || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw new Error(`${name}: "${value}" is not an origin such as https://shop.example (no path)`);
  }
  return url.origin;
}

/**
 * The storefront's origin and, when it is on this machine (`localhost`), the same port under
 * `127.0.0.1` and `[::1]`: the names a person types for the shop that `npm start` runs.
 */
export function defaultStorefrontOrigins(storefrontUrl: string): string[] {
  const url = new URL(storefrontUrl);
  if (url.hostname !== "localhost") return [url.origin];
  return ["localhost", "127.0.0.1", "[::1]"].map((host) => {
    url.hostname = host;
    return url.origin;
  });
}

/** `KASSA_STOREFRONT_ORIGINS`: comma-separated origins; unset: {@link defaultStorefrontOrigins}. */
function readStorefrontOrigins(env: Env): string[] {
  const listed = readList(env.KASSA_STOREFRONT_ORIGINS, []);
  if (listed.length > 0) return listed.map((entry) => originOf(entry, "KASSA_STOREFRONT_ORIGINS"));
  return defaultStorefrontOrigins(env.STOREFRONT_URL || DEFAULT_STOREFRONT_URL);
}

/** `KASSA_OUTBOUND_ALLOWED_NETWORKS`: checked at start (a bad entry stops it), kept as written. */
function readAllowedNetworks(value: string | undefined): string[] {
  const entries = readList(value, []);
  parseAllowedNetworks(entries);
  return entries;
}

/** A comma-separated setting; unset means the default, set but empty means none. */
function readList(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * The demo users share one published password, so a production shop never gets them unless asked
 * for (`npm start` asks: it is a demonstration on the developer's own machine).
 */
function readDemoAccounts(env: Env): boolean {
  if (env.KASSA_DEMO_ACCOUNTS !== undefined) return env.KASSA_DEMO_ACCOUNTS === "true";
  return allowsDevelopmentDefaults(env);
}

/**
 * `KASSA_PAYMENT_PROVIDERS`: `;`-separated `storeGroup:country=Provider,Provider` entries (`*`
 * matches any). When set, it replaces the defaults as a whole, so what it says is all there is. An
 * unknown provider name stops the start, so a typo never silently leaves a market without one.
 */
export function readPaymentProviders(value: string | undefined): PaymentProviderSettings {
  if (!value?.trim()) return { ...DEFAULT_PAYMENT_PROVIDERS };
  const settings: PaymentProviderSettings = {};
  for (const entry of value
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([\w*-]+):([A-Za-z*]+)=(.*)$/.exec(entry);
    if (!match) {
      throw new Error(`KASSA_PAYMENT_PROVIDERS: "${entry}" is not storeGroup:country=Provider,…`);
    }
    const [, storeGroup = "", country = "", list = ""] = match;
    const names = list
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = names.filter((name) => !isPaymentProviderName(name));
    if (unknown.length > 0) {
      throw new Error(`KASSA_PAYMENT_PROVIDERS: unknown provider ${unknown.join(", ")}`);
    }
    settings[`${storeGroup}:${country.toUpperCase()}`] = names as PaymentProviderName[];
  }
  return settings;
}

/** Settings a caller of `serve()` may leave out: tests and `startPlatform()` give only a few. */
export type PartialPlatformConfig = Pick<PlatformConfig, "sessionSecret"> & Partial<PlatformConfig>;

/**
 * Where a platform started by `serve()` without `mediaDir` keeps its files: a folder of this
 * process under the system's temporary folder (tests and `startPlatform()` pass their own).
 */
export function defaultTestMediaDir(): string {
  return join(tmpdir(), `kassa-media-${process.pid}`);
}

/** Fills in the defaults of everything but the session secret; `publicUrl` is the server's URL. */
export function completeConfig(config: PartialPlatformConfig, serverUrl: string): PlatformConfig {
  const storefrontUrl = config.storefrontUrl ?? DEFAULT_STOREFRONT_URL;
  return {
    ...config,
    publicUrl: config.publicUrl ?? serverUrl,
    storefrontUrl,
    mailFrom: config.mailFrom ?? DEFAULT_MAIL_FROM,
    devMail: config.devMail ?? true,
    paymentSandboxes: config.paymentSandboxes ?? true,
    storefrontOrigins: config.storefrontOrigins ?? defaultStorefrontOrigins(storefrontUrl),
    outboundAllowedNetworks: config.outboundAllowedNetworks ?? [],
    trustedProxies: config.trustedProxies ?? DEFAULT_TRUSTED_PROXIES,
    paymentProviders: config.paymentProviders ?? DEFAULT_PAYMENT_PROVIDERS,
    orderDeskEmail: config.orderDeskEmail ?? DEFAULT_ORDER_DESK_EMAIL,
    oauthClients: config.oauthClients ?? [DEVELOPMENT_OAUTH_CLIENT],
    storefrontTokens: config.storefrontTokens ?? [DEVELOPMENT_STOREFRONT_TOKEN],
    oauthTokenSeconds: config.oauthTokenSeconds ?? DEFAULT_OAUTH_TOKEN_SECONDS,
    sessionStartsPerAddress: config.sessionStartsPerAddress ?? DEFAULT_SESSION_STARTS_PER_ADDRESS,
    mediaDir: config.mediaDir ?? defaultTestMediaDir(),
    printFileMaxMb: config.printFileMaxMb ?? PRINT_FILE_DEFAULT_MAX_SIZE_MB,
    conversionsAtOnce: config.conversionsAtOnce ?? DEFAULT_CONVERSIONS_AT_ONCE,
    metricsAllowed: config.metricsAllowed ?? [],
  };
}
