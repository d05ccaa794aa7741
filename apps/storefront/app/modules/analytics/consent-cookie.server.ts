import { plainCookie, storefrontCookies } from "~/modules/http/cookies.server";
import { type ConsentRecord, consentFromCookieHeader, formatConsent } from "./consent";

/** The consent record the request carries, if the shop wrote it. */
export function readConsent(request: Request): ConsentRecord | null {
  return consentFromCookieHeader(request.headers.get("Cookie"), storefrontCookies().consent.name);
}

/** The `Set-Cookie` that keeps `record` for 12 months (flags in `cookies.server.ts`). */
export function consentCookie(record: ConsentRecord): Promise<string> {
  return plainCookie(storefrontCookies().consent, formatConsent(record));
}
