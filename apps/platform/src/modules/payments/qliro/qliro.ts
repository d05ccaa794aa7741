import type { PaymentSessionRow } from "../../../db/schema.js";
import type { SandboxProvider } from "../sandbox-provider.js";
import { fillUrl } from "../sandbox-provider.js";

/** The placeholder a shop may put in `MerchantConfirmationUrl` for Qliro to fill in. */
export const ORDER_ID_PLACEHOLDER = "{order_id}";
/** Added to a confirmation URL without the placeholder. */
export const ORDER_ID_PARAMETER = "qliro_order_id";

/**
 * Where Qliro sends the shopper after paying: `MerchantConfirmationUrl` with `{order_id}` filled
 * in, or, without the placeholder, with `qliro_order_id=<OrderId>` added to its query.
 */
export function confirmationUrl(template: string, orderId: string): string {
  if (template.includes(ORDER_ID_PLACEHOLDER)) return fillUrl(template, { order_id: orderId });
  const hash = template.indexOf("#");
  const [base, fragment] =
    hash === -1 ? [template, ""] : [template.slice(0, hash), template.slice(hash)];
  const separator = base.includes("?") ? (/[?&]$/.test(base) ? "" : "&") : "?";
  return `${base}${separator}${ORDER_ID_PARAMETER}=${encodeURIComponent(orderId)}${fragment}`;
}

/**
 * Qliro One (platform contract): one order per checkout, updated by a sync rather than recreated;
 * `OrderHtmlSnippet` to embed, whose page API is the global `q1` (the sandbox's loader gives it
 * `suspend()`/`resume()`, standing in for Qliro's `lock()`/`unlock()`); `InProcess` → `Completed`,
 * or `OnHold` → `Completed`; after paying, the shopper lands on `MerchantConfirmationUrl`.
 */
export const QLIRO: SandboxProvider = {
  name: "QliroOne",
  slug: "qliro",
  label: "Qliro",
  // Qliro's dark green: white text on it passes WCAG AA.
  accent: "#005e4f",
  // Choice: an unpaid Qliro order lives a day (within the checkout token's two days, C§9, so the
  // shop sees it end).
  lifetimeMs: 24 * 60 * 60 * 1000,
  scriptApi: "q1",
  // Qliro One's page API: `q1.lock()` before the shop changes the order, `q1.unlock()` after.
  scriptMethods: { suspend: "lock", resume: "unlock" },
  returnUrl: (session: PaymentSessionRow) =>
    confirmationUrl(session.urls.confirmation ?? "", session.reference),
};
