import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentSessionRow } from "../../../db/schema.js";
import type { SandboxProvider } from "../sandbox-provider.js";

/**
 * Adyen Checkout, Sessions flow (platform contract): the shop creates a session (amount, merchant
 * account, reference, return URL) and gets `id` + `sessionData` for the Drop-in; after the payment
 * the shopper comes back to the return URL with `sessionId` and `sessionResult`, and the shop asks
 * for the session's status with that result. A session lasts one hour.
 */

/** Statuses of `GET /sessions/{id}?sessionResult=…` that the sandbox answers. */
export type AdyenSessionStatus =
  | "completed"
  | "paymentPending"
  | "refused"
  | "canceled"
  | "expired";

/** The merchant account the sandbox's sessions are created for (Adyen's `merchantAccount`). */
export const ADYEN_MERCHANT_ACCOUNT = "KassaSandboxECOM";

/** A session lives one hour (Adyen's default), then ends `expired` for good. */
export const ADYEN_SESSION_LIFETIME_MS = 60 * 60 * 1000;

/** Adyen session ids read `CS…`; the sandbox's are `CS` and 24 hex digits. */
export const ADYEN_SESSION_PREFIX = "CS";

/** The payment session's data this module keeps (beside the engine's own keys). */
export interface AdyenSessionData {
  /** Signs the `sessionResult` of the return URL (derived from the platform secret, per session). */
  resultKey?: string;
  shopperLocale?: string;
  lastAttempt?: string;
  errors?: string[];
  productVariantIDs?: string[];
}

/** The session's status as far as the row tells it (a stale checkout makes it `canceled`). */
export function adyenStatusOf(session: PaymentSessionRow): AdyenSessionStatus {
  const data = session.data as AdyenSessionData;
  switch (session.status) {
    case "completed":
      return "completed";
    case "expired":
      return "expired";
    case "refused":
    case "declined":
      return "refused";
    default:
      // Open: the shopper is paying; a declined attempt leaves it open but answers `refused`.
      return data.lastAttempt === "declined" ? "refused" : "paymentPending";
  }
}

function hmac(key: string | Buffer, text: string): Buffer {
  return createHmac("sha256", key).update(text).digest();
}

/** The per-session key of `sessionResult`: only the platform (its session secret) can make it. */
export function sessionResultKey(sessionSecret: string, paymentSessionId: string): string {
  return hmac(sessionSecret, `adyen-session-result\u0000${paymentSessionId}`).toString("base64url");
}

/**
 * The opaque `sessionResult` the shopper brings back: the status when it was issued and an
 * HMAC-SHA256 over the Adyen session id and that status.
 */
export function signSessionResult(
  key: string,
  adyenSessionId: string,
  status: AdyenSessionStatus,
): string {
  const mac = hmac(key, `${adyenSessionId}:${status}`).toString("base64url");
  return `${Buffer.from(status).toString("base64url")}.${mac}`;
}

/** Whether `sessionResult` was issued by the platform for this session. */
export function verifySessionResult(
  key: string,
  adyenSessionId: string,
  sessionResult: string,
): boolean {
  const [encoded = "", mac = "", ...rest] = sessionResult.split(".");
  if (rest.length > 0 || !encoded || !mac) return false;
  const status = Buffer.from(encoded, "base64url").toString();
  if (!/^[A-Za-z]{1,20}$/.test(status)) return false;
  const expected = hmac(key, `${adyenSessionId}:${status}`);
  const given = Buffer.from(mac, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `returnUrl` with `sessionId` and a `sessionResult` for the given status added. */
export function returnUrlWithResult(
  session: PaymentSessionRow,
  status: AdyenSessionStatus,
): string {
  const base = session.urls.return ?? "";
  const key = (session.data as AdyenSessionData).resultKey;
  try {
    const url = new URL(base);
    url.searchParams.set("sessionId", session.reference);
    if (key)
      url.searchParams.set("sessionResult", signSessionResult(key, session.reference, status));
    return url.toString();
  } catch {
    return base;
  }
}

/**
 * The Adyen sandbox on the shared engine. Adyen's return URL gets `sessionId` and `sessionResult`
 * when the payment ends (paid, or refused by the order rules); a declined card stays in the Drop-in.
 */
export const ADYEN: SandboxProvider = {
  name: "Adyen",
  slug: "adyen",
  label: "Adyen",
  // Adyen's dark navy: white text on it passes WCAG AA (Adyen's green would not).
  accent: "#00112c",
  lifetimeMs: ADYEN_SESSION_LIFETIME_MS,
  scriptApi: "AdyenCheckout",
  returnUrl: (session) => returnUrlWithResult(session, adyenStatusOf(session)),
};
