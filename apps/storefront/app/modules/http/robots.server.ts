import { publicUrl } from "./public-origin.server";

/**
 * What crawlers are kept out of (robots.txt, https://www.rfc-editor.org/rfc/rfc9309): a person's
 * own pages (cart, checkout, account, login and signup, password reset, favourites, comparison,
 * the customer card's lists, the cookie settings), which show nothing without that person and
 * are `noindex` besides; search results (`q=` on any page) and the search box's suggestions,
 * endless combinations of the catalogue's own pages; and the addresses forms post to (market
 * choice, logout, the cookie choice). Everything else
 * (home, categories, products and their variants, shop pages, gift cards, newsletter, each under
its locale, ADR 0037) is open; the mails' confirm and unsubscribe links are a person's own too.
 * Paths match by prefix, `*` is any text (RFC 9309).
 */
export const DISALLOWED_PATHS = [
  "/cart",
  "/checkout",
  "/my-account",
  "/login",
  "/signup",
  "/reset-password",
  "/favorites",
  "/compare",
  "/customer-card",
  "/*/search/suggestions",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/*?*q=",
  "/market",
  "/logout",
  "/consent",
  "/healthz",
] as const;

/** The text of `/robots.txt`, naming the sitemap on the configured public origin. */
export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
}
