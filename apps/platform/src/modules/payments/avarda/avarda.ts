import type { PaymentSessionRow } from "../../../db/schema.js";
import type { SandboxProvider } from "../sandbox-provider.js";

/** C§9: an Avarda purchase must be completed within 30 minutes, or it times out for good. */
export const AVARDA_PURCHASE_LIFETIME_MS = 30 * 60 * 1000;

/** `B2C` for consumers; `B2B` for the business store group (net prices), with the company asked. */
export type AvardaMode = "B2C" | "B2B";

export function avardaModeOf(session: PaymentSessionRow): AvardaMode {
  return (session.data as { mode?: AvardaMode }).mode === "B2B" ? "B2B" : "B2C";
}

/**
 * Where the widget sends the shopper when the purchase ends: the shop's `redirectUrl`, with the
 * purchase id added as `purchaseId` (the shop reads the purchase back before showing anything).
 */
export function avardaReturnUrl(session: PaymentSessionRow): string {
  const redirect = session.urls.redirect;
  if (!redirect) return "";
  try {
    const url = new URL(redirect);
    url.searchParams.set("purchaseId", session.reference);
    return url.toString();
  } catch {
    return redirect;
  }
}

/**
 * Avarda Checkout 3 (platform contract): one purchase per checkout while it lives (a repeat
 * initialisation answers the open one, with the amount brought up to date); the page calls
 * `avardaCheckoutInit({purchaseJwt, rootElementId, redirectUrl, …})`, whose instance the sandbox's
 * loader stands in for as `avardaCheckout`; a purchase times out for good after 30 minutes.
 */
export const AVARDA: SandboxProvider = {
  name: "Avarda",
  slug: "avarda",
  label: "Avarda",
  // Avarda's dark green; white text on it passes WCAG AA.
  accent: "#0e3b36",
  lifetimeMs: AVARDA_PURCHASE_LIFETIME_MS,
  scriptApi: "avardaCheckout",
  returnUrl: avardaReturnUrl,
  businessCustomer: (session) => avardaModeOf(session) === "B2B",
};
