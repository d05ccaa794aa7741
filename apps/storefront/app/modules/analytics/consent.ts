import { COOKIE_NAMES } from "@kassa/domain";
import { CONSENT_VERSION } from "./consent-version";

/** The consent cookie's name (`@kassa/domain`'s `COOKIES.consent`). */
export const CONSENT_COOKIE = COOKIE_NAMES.consent;

/** What the shopper allowed. Necessary cookies are always on, so they are not a choice. */
export interface ConsentChoices {
  statistics: boolean;
  marketing: boolean;
}

/** A choice as the cookie keeps it: the choices, the consent version they answered, and the day. */
export interface ConsentRecord extends ConsentChoices {
  version: number;
  /** The day the choice was made, `YYYY-MM-DD` (UTC). */
  date: string;
}

/**
 * The cookie's value: `version.statistics.marketing.yyyymmdd`, e.g. `1.1.0.20261127`. Plain text,
 * not Remix's base64 JSON: the shared cache keys anonymous pages by its first three fields (the
 * banner and the consent state a page renders depend on them, never on the day), and a VCL can
 * read them with one regular expression.
 */
const VALUE = /^(\d{1,4})\.([01])\.([01])\.(\d{4})(\d{2})(\d{2})$/;

export function formatConsent(record: ConsentRecord): string {
  const day = record.date.replaceAll("-", "");
  return `${record.version}.${record.statistics ? 1 : 0}.${record.marketing ? 1 : 0}.${day}`;
}

/** The record in a cookie value; null for anything the shop did not write. */
export function parseConsent(value: string | null | undefined): ConsentRecord | null {
  const match = value ? VALUE.exec(value) : null;
  if (!match) return null;
  const [, version, statistics, marketing, year, month, day] = match;
  return {
    version: Number(version),
    statistics: statistics === "1",
    marketing: marketing === "1",
    date: `${year}-${month}-${day}`,
  };
}

/** A record made now, for the current consent text. */
export function consentRecord(choices: ConsentChoices, now: Date): ConsentRecord {
  return { ...choices, version: CONSENT_VERSION, date: now.toISOString().slice(0, 10) };
}

/**
 * The choices that count: those of a record made for the current consent text. Null (the banner
 * shows) when there is none, or when it answered an older version.
 */
export function currentChoices(
  record: ConsentRecord | null,
  version: number = CONSENT_VERSION,
): ConsentChoices | null {
  if (!record || record.version !== version) return null;
  return { statistics: record.statistics, marketing: record.marketing };
}

/**
 * The consent record in a `Cookie` header, under `cookieName` (the name on the wire: `__Host-` +
 * {@link CONSENT_COOKIE} where cookies are Secure, issue 38).
 */
export function consentFromCookieHeader(
  header: string | null | undefined,
  cookieName: string = CONSENT_COOKIE,
): ConsentRecord | null {
  for (const pair of header?.split(";") ?? []) {
    const [name, ...value] = pair.trim().split("=");
    if (name === cookieName) return parseConsent(value.join("="));
  }
  return null;
}
