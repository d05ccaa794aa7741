import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentSessionRow } from "../../../db/schema.js";
import { enqueue } from "../../../jobs/job-queue.js";
import type { SandboxProvider } from "../sandbox-provider.js";
import { notificationUrlOf, WALLEY_NOTIFICATION_DELAYS_SECONDS } from "./notifications.js";

/** Walley's public token lives 7 days; so does the sandbox's payment session. */
export const WALLEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Walley Checkout (platform contract): one checkout per shop checkout, its public token reused for
 * 7 days; the page embeds Walley's loader script with `data-token`; after the purchase the shopper
 * lands on the redirect page exactly as the shop gave it, and Walley notifies the shop (at least
 * once) with the private id.
 */
export const WALLEY: SandboxProvider = {
  name: "WalleyCheckout",
  slug: "walley",
  label: "Walley",
  // Dark teal: white text on it reads at about 11:1.
  accent: "#0b3b3c",
  lifetimeMs: WALLEY_LIFETIME_MS,
  // Walley's page API is `window.walley.checkout.api`; the sandbox loader defines one global.
  scriptApi: "walley",
  returnUrl: (session) => session.urls.redirectPage ?? "",
  businessCustomer: (session) => isBusinessSession(session),
  // Walley notifies the shop of the purchase at least once, and repeats: the sandbox queues the
  // notification at once and twice more, in the order's transaction (sent by the job worker).
  async onOrderPlaced(tx, session, { config, now }) {
    const url = notificationUrlOf(config, session);
    for (const delay of WALLEY_NOTIFICATION_DELAYS_SECONDS) {
      await enqueue(
        tx,
        "walley-notification",
        { url },
        {
          startAfter: new Date(now.getTime() + delay * 1000),
        },
      );
    }
  },
};

export function isBusinessSession(session: PaymentSessionRow): boolean {
  return (session.data as { customerType?: string }).customerType === "BusinessCustomer";
}

function tokenMac(secret: string, countryCode: string, sessionId: string): string {
  return createHmac("sha256", secret)
    .update(`walley-public-token:${countryCode}:${sessionId}`)
    .digest("hex")
    .slice(0, 16);
}

/**
 * The public token of a payment session, in Walley's shape (`public-SE-` and 48 hex digits): the
 * session id and a MAC of it, so the token needs no column of its own and cannot be guessed from
 * a session id.
 */
export function publicTokenOf(secret: string, countryCode: string, sessionId: string): string {
  const country = countryCode.toUpperCase();
  return `public-${country}-${sessionId.replaceAll("-", "")}${tokenMac(secret, country, sessionId)}`;
}

/** The payment session id a public token names, or null for a token that is not genuine. */
export function sessionIdOfPublicToken(secret: string, token: string): string | null {
  const match = /^public-([A-Z]{2})-([0-9a-f]{32})([0-9a-f]{16})$/.exec(token);
  if (!match) return null;
  const [, country = "", hex = "", mac = ""] = match;
  const sessionId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const expected = Buffer.from(tokenMac(secret, country, sessionId));
  return timingSafeEqual(expected, Buffer.from(mac)) ? sessionId : null;
}
