import type { SandboxProvider } from "../sandbox-provider.js";
import { fillUrl } from "../sandbox-provider.js";

/**
 * Klarna Checkout v3 (platform contract): one order per checkout, updated rather than recreated;
 * `html_snippet` to embed; after purchase Klarna sends the shopper to the confirmation URL with
 * `{checkout.order.id}` filled in, where the shop reads the order.
 */
export const KLARNA: SandboxProvider = {
  name: "KlarnaCheckout",
  slug: "klarna",
  label: "Klarna",
  accent: "#17120f",
  // A Klarna checkout order lives 48 hours.
  lifetimeMs: 48 * 60 * 60 * 1000,
  scriptApi: "_klarnaCheckout",
  returnUrl: (session) =>
    fillUrl(session.urls.confirmation ?? "", { "checkout.order.id": session.reference }),
};
