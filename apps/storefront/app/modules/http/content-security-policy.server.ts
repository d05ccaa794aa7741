import { NO_TAG_ORIGINS, type TagOrigins } from "~/modules/analytics/tag";
import { config } from "./config.server";

/**
 * The storefront's Content-Security-Policy and the other security headers, as text (ADR 0032).
 * Pages: scripts only from the shop itself, the payment providers and the inline scripts the page
 * rendered itself (by their SHA-256, which a shared cache can replay to everyone, plus a nonce on
 * pages nobody shares); no plugins, no `<base>`, never framed. Everything else the server answers
 * (the 403 and 413 pages, files, data) gets a policy without any script.
 */

/** What a page's policy names besides the shop itself. */
export interface PolicySources {
  /** Product, category and print-file pictures (`KASSA_IMAGE_ORIGINS`). */
  images: readonly string[];
  /** The payment providers' scripts, frames and forms (`KASSA_PAYMENT_ORIGINS`). */
  payments: readonly string[];
  /**
   * A configured Google tag's hosts (`KASSA_GTM_ID`, `KASSA_GA4_ID`; ADR 0038): none unless one
   * is configured. The tag itself loads only after consent to statistics.
   */
  analytics?: TagOrigins;
}

export interface PagePolicyInput {
  /** `sha256-…` of each inline script the page rendered itself. */
  scriptHashes: readonly string[];
  /** A nonce, only on a page no shared cache keeps (the payment snippets' inline scripts). */
  nonce?: string;
  /** Vite's development server: its hot reload talks over a WebSocket. */
  development?: boolean;
  sources?: PolicySources;
}

function configuredSources(): PolicySources {
  return config().contentOrigins;
}

const directives = (entries: [string, readonly string[]][]) =>
  entries.map(([name, values]) => [name, ...new Set(values)].join(" ")).join("; ");

/**
 * The policy of a page the app rendered.
 *
 * - `script-src` has no `'unsafe-inline'`: an inline script runs only when the page rendered it
 *   (its hash), or on a private page when it carries the page's nonce (the checkout's provider
 *   snippet, re-created by `ProviderEmbed`). No `'strict-dynamic'`: Remix's inline module imports
 *   the route chunks, and imports from a script allowed by its hash alone would be blocked by it.
 * - `style-src` keeps `'unsafe-inline'`: React writes `style` attributes (aspect ratios, swatch
 *   colours), the built stylesheet is inline (issue 15), Radix's dialogs add `<style>` elements of
 *   their own and providers' snippets carry both. Injected CSS cannot send anything anywhere:
 *   `img-src`, `font-src` and `connect-src` name only the shop's own hosts.
 */
export function pagePolicy({
  scriptHashes,
  nonce,
  development = false,
  sources = configuredSources(),
}: PagePolicyInput): string {
  const { images, payments, analytics = NO_TAG_ORIGINS } = sources;
  const scripts = [
    "'self'",
    ...payments,
    ...analytics.scripts,
    ...scriptHashes.map((hash) => `'${hash}'`),
  ];
  if (nonce) scripts.push(`'nonce-${nonce}'`);
  return directives([
    ["default-src", ["'self'"]],
    ["script-src", scripts],
    ["style-src", ["'self'", "'unsafe-inline'", ...payments]],
    ["img-src", ["'self'", "data:", ...images, ...payments, ...analytics.connections]],
    ["font-src", ["'self'", ...payments]],
    // Vite's hot reload (development only) opens a WebSocket of its own.
    [
      "connect-src",
      ["'self'", ...payments, ...analytics.connections, ...(development ? ["ws:", "wss:"] : [])],
    ],
    ["frame-src", payments.length > 0 ? payments : ["'none'"]],
    ["form-action", ["'self'", ...payments]],
    ["frame-ancestors", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["object-src", ["'none'"]],
  ]);
}

/**
 * The policy of everything else: pages the server writes itself (403, 413, a crash), files and
 * data. No script at all; inline styles for those small pages' own `style` attributes.
 */
export function plainPolicy(): string {
  return directives([
    ["default-src", ["'none'"]],
    ["style-src", ["'unsafe-inline'"]],
    ["img-src", ["'self'", "data:"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    ["base-uri", ["'none'"]],
  ]);
}

/**
 * Powerful features the shop never uses are off for it and every frame in it; the Payment Request
 * API stays with the shop and its payment providers' frames (their wallets' buttons).
 */
export function permissionsPolicy(sources: PolicySources = configuredSources()): string {
  const payment = ["self", ...sources.payments.map((origin) => `"${origin}"`)].join(" ");
  return `camera=(), microphone=(), geolocation=(), payment=(${payment})`;
}

/** The headers every answer carries, whatever it is. */
export function securityHeaders(
  settings: Pick<ReturnType<typeof config>, "isProduction" | "publicOrigin"> = config(),
  sources: PolicySources = configuredSources(),
): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    // frame-ancestors 'none' says the same to every browser that reads CSP; this to the rest.
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": permissionsPolicy(sources),
  };
  // Only for a shop served over TLS: HSTS on http://localhost would be ignored, and a mistaken
  // https origin in development would lock a browser out of the plain-HTTP shop for a year.
  if (settings.isProduction && settings.publicOrigin.startsWith("https:")) {
    headers["Strict-Transport-Security"] = "max-age=31536000";
  }
  return headers;
}
