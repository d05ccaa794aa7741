import type { PaymentProviderName } from "@kassa/domain";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import type { PaymentSessionRow } from "../../db/schema.js";

/**
 * What sets one provider's sandbox apart on the shared engine (DESIGN §7): its name in the
 * capabilities, its URL slug (`/sandbox/<slug>/…`, the provider's own host in real life), how it
 * looks, how long a payment may take, and where it sends the shopper when the payment ends.
 */
export interface SandboxProvider {
  name: PaymentProviderName;
  slug: string;
  /** Shown on the widget. */
  label: string;
  /** The widget's accent colour (a dark one: white text must read on it, WCAG AA). */
  accent: string;
  /** How long a payment session stays open (Avarda: 30 minutes, for good). */
  lifetimeMs: number;
  /** The global the loader script defines with `suspend()` and `resume()` (the provider's API). */
  scriptApi: string;
  /**
   * The provider's own names for those two, when they differ (Qliro One: `lock` and `unlock`); the
   * loader defines them on the global as well.
   */
  scriptMethods?: { suspend: string; resume: string };
  /** Where the shopper goes when the payment ends, from the URLs the shop gave at creation. */
  returnUrl(session: PaymentSessionRow): string;
  /**
   * Runs in the order's transaction when a payment of this provider has just placed its order
   * (never for a repeat): what the provider does next, e.g. Walley queueing its notifications.
   */
  onOrderPlaced?(
    tx: Database,
    session: PaymentSessionRow,
    context: OrderPlacedContext,
  ): Promise<void>;
  /** Whether the widget asks for the business customer (an organisation number). */
  businessCustomer?(session: PaymentSessionRow): boolean;
}

export interface OrderPlacedContext {
  config: PlatformConfig;
  now: Date;
}

/** Replaces `{placeholder}` in a merchant URL with the value, URL-encoded. */
export function fillUrl(template: string, values: Record<string, string>): string {
  return template.replace(/\{([\w.]+)\}/g, (whole, key: string) =>
    key in values ? encodeURIComponent(values[key] ?? "") : whole,
  );
}
