import { config } from "./config.server";

/**
 * The kinds of backend call, each with its own deadline (ADR 0041, `KASSA_DEADLINE_*_MS`):
 * - `read`: what a page shows (catalogue, search, the cart and the account a page reads); short,
 *   so a hung platform answers the shopper a clear page instead of holding a render slot;
 * - `write`: what a form changes (cart, account, company, newsletter, wishlist, order decisions);
 * - `payment`: the checkout, its payment and the confirmation, which wait on the platform's
 *   provider calls and must not give up while an order is being placed;
 * - `upload`: print files, which the platform may spend up to 15 s converting.
 */
export type CallKind = "read" | "write" | "payment" | "upload";

/** The deadline of a kind of call, in milliseconds, covering its retries. */
export function deadlineMs(kind: CallKind): number {
  return config().deadlines[kind];
}
