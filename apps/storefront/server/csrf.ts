/**
 * The cross-site request check (ADR 0006): which state-changing requests may reach the app. A pure
 * decision over a few request headers, so it can be reasoned about and tested on its own; the
 * Express middleware in `app.ts` feeds it and answers refusals with 403.
 *
 * Browsers say where a request comes from: `Sec-Fetch-Site` (every current browser), and `Origin`
 * on every non-GET request (older ones too). A request with neither comes from no browser (curl,
 * server-to-server calls): it carries no cookies a visitor did not mean to send, so it is allowed.
 */

/** Methods that change nothing; every other method is checked. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Paths that accept posts from other sites, such as a payment provider's notification callback
 * (which must then prove itself another way, e.g. by a signature). An entry is an exact path, or
 * ends with `/*` for everything below it. Add an entry only together with the route that
 * authenticates those posts, and say why here:
 *
 * - `/newsletter/unsubscribe`: a mailbox provider's server posts the one-click unsubscribe of a
 *   mail's `List-Unsubscribe` header here (RFC 8058), from its own origin if it names one. The
 *   mail's unguessable token in the URL is the only authority the route uses (no cookie, no
 *   session), so a post from another site can do no more than the token's holder (ADR 0044).
 */
export const CROSS_SITE_EXEMPT_PATHS: readonly string[] = ["/newsletter/unsubscribe"];

export interface OriginCheckInput {
  method: string;
  /** The request's path, without the query. */
  path: string;
  /** The `Sec-Fetch-Site` header, if sent. */
  secFetchSite?: string | null;
  /** The `Origin` header, if sent. */
  origin?: string | null;
  /** This storefront's origin as the browser sees it (protocol and host through trusted proxies). */
  ownOrigin?: string;
  /** Further origins whose pages may post here (`KASSA_ALLOWED_ORIGINS`). */
  allowedOrigins?: readonly string[];
  /** Defaults to `CROSS_SITE_EXEMPT_PATHS`. */
  exemptPaths?: readonly string[];
}

export type OriginVerdict =
  | {
      allowed: true;
      reason:
        | "safe-method"
        | "same-origin"
        | "user-initiated"
        | "exempt-path"
        | "allowed-origin"
        | "own-origin"
        | "no-browser";
    }
  | {
      allowed: false;
      reason: "cross-site" | "same-site" | "unknown-fetch-site" | "null-origin" | "foreign-origin";
    };

/** `https://Shop.example:443` → `https://shop.example`; `undefined` for what is not an origin. */
export function normaliseOrigin(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

function isExempt(path: string, exemptPaths: readonly string[]): boolean {
  return exemptPaths.some((entry) =>
    entry.endsWith("/*") ? path.startsWith(entry.slice(0, -1)) : path === entry,
  );
}

/**
 * Whether a request may reach the app:
 *
 * 1. GET, HEAD and OPTIONS always (they change nothing);
 * 2. `Sec-Fetch-Site: same-origin`, or `none` (the person typed or bookmarked it);
 * 3. an exempt path, or an `Origin` in the allowed list (even from another site: the operator said so);
 * 4. any other `Sec-Fetch-Site` (`same-site`, `cross-site`) is refused;
 * 5. without `Sec-Fetch-Site` (an older browser): no `Origin` means no browser, allowed; the
 *    storefront's own origin is allowed; `Origin: null` and any other origin are refused.
 */
export function checkOrigin(input: OriginCheckInput): OriginVerdict {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return { allowed: true, reason: "safe-method" };

  const site = input.secFetchSite?.trim().toLowerCase() || undefined;
  if (site === "same-origin") return { allowed: true, reason: "same-origin" };
  if (site === "none") return { allowed: true, reason: "user-initiated" };

  if (isExempt(input.path, input.exemptPaths ?? CROSS_SITE_EXEMPT_PATHS)) {
    return { allowed: true, reason: "exempt-path" };
  }
  const rawOrigin = input.origin?.trim() || undefined;
  const origin = normaliseOrigin(rawOrigin);
  if (origin && input.allowedOrigins?.some((allowed) => normaliseOrigin(allowed) === origin)) {
    return { allowed: true, reason: "allowed-origin" };
  }

  if (site === "cross-site" || site === "same-site") return { allowed: false, reason: site };
  if (site) return { allowed: false, reason: "unknown-fetch-site" };

  if (!rawOrigin) return { allowed: true, reason: "no-browser" };
  if (!origin) return { allowed: false, reason: "null-origin" };
  if (origin === normaliseOrigin(input.ownOrigin)) return { allowed: true, reason: "own-origin" };
  return { allowed: false, reason: "foreign-origin" };
}
