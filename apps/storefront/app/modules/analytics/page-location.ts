/**
 * The page address analytics is told (issue 38, ADR 0050): the page's origin and path, and of its
 * query only the parameters named here; the fragment never. A parameter the shop did not allow
 * (a mail link's `token`, a provider's payment reference on the confirmation page, a `redirectTo`,
 * anything a stranger appended) never reaches the analytics vendor, where everyone with access to
 * the property would read it. One rule for `page_location` and `page_referrer`, for the data
 * layer's page view and for the Google tag's `config`.
 */

/** What a public page's own query says about the page: a search, its paging, a product's choice. */
export const PAGE_PARAMS = ["q", "page", "variant", "color", "size"] as const;

/**
 * How the visitor came (campaign tagging and ad click ids), which analytics attributes visits by
 * and reads from the page address: GA4's `utm_*` parameters and Google Ads' click ids.
 */
export const CAMPAIGN_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "utm_id",
  "utm_source_platform",
  "utm_creative_format",
  "utm_marketing_tactic",
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
] as const;

/** Every query parameter analytics may see; names are compared exactly (`Token` is not `token`). */
export const PAGE_LOCATION_PARAMS: ReadonlySet<string> = new Set<string>([
  ...PAGE_PARAMS,
  ...CAMPAIGN_PARAMS,
]);

/**
 * `href` as analytics may see it: `https://shop.example/sv-se/search?q=ull` for
 * `https://shop.example/sv-se/search?q=ull&token=x#top`. Empty for what is no http(s) URL (an
 * empty `document.referrer` among them). Credentials in the URL are dropped with the rest.
 */
export function pageLocation(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (PAGE_LOCATION_PARAMS.has(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}`;
}
