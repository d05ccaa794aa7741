import { badRequest } from "../../http/http-error.js";

/**
 * The URLs a payment is opened with come from a shopper's call, so none of them is believed as it
 * is (DESIGN §10: only the merchant's configuration sets callback and notification URLs).
 *
 * - Pages the shopper is sent to (terms, checkout, confirmation, return and redirect pages): the
 *   storefront's, so each must be on one of its configured origins (`KASSA_STOREFRONT_ORIGINS`).
 *   Anything else would make the provider's page an open redirect, and let a stranger frame the
 *   widget (its CSP names these origins).
 * - Calls the provider makes to the merchant (Walley's notification and validation URIs, Klarna's
 *   push and validation URLs, Qliro's status push URL): the platform's own, from its
 *   configuration, so a shopper call that names one is refused. A shopper who chose them could
 *   make the platform's job worker call any address, its own network included (SSRF).
 */

/** `{checkout.order.id}`-style placeholders are filled in later: read here as plain text. */
function parse(value: string): URL | undefined {
  const escaped = value.replaceAll("{", "%7B").replaceAll("}", "%7D");
  return URL.canParse(escaped) ? new URL(escaped) : undefined;
}

/**
 * A page of the shop: an absolute http(s) URL, without credentials, on one of `origins`. Answers
 * the value as given (its placeholders kept); anything else is a 400 naming the field.
 */
export function shopPageUrl(origins: readonly string[], name: string, value: unknown): string {
  if (typeof value !== "string" || value.length > 2048) {
    throw badRequest(`${name} is required`, [`${name}: an absolute http(s) URL is required`]);
  }
  const url = parse(value);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw badRequest(`${name} is not a URL`, [`${name}: an absolute http(s) URL is required`]);
  }
  if (url.username || url.password || !origins.includes(url.origin)) {
    throw badRequest(`${name} is not a page of the shop`, [
      `${name}: must be a page of the shop (${origins.join(", ")})`,
    ]);
  }
  return value;
}

/** Refuses a merchant-only URL that a shopper call tried to set (400 naming the field). */
export function refuseMerchantOnlyUrl(name: string, value: unknown): void {
  if (value === undefined) return;
  throw badRequest(`${name} is not taken from the shopper API`, [
    `${name}: is set by the platform's configuration, not by the shopper API`,
  ]);
}
