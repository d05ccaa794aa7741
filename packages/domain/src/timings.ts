/**
 * Every timing of both specifications (A = accounts, C = commerce flow) in one place, so that
 * components and clients name a constant instead of repeating a literal. Milliseconds unless the
 * name says otherwise.
 */

/** C§4, C§9: a cart line stays busy this long after a quantity change or removal. */
export const CART_BUSY_MS = 700;

/** C§9 toast defaults: shown 4 s, at most 3 at once, 14 px apart, 356 px wide, bottom-right. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE_LIMIT = 3;
export const TOAST_GAP_PX = 14;
export const TOAST_WIDTH_PX = 356;
export const TOAST_POSITION = "bottom-right" as const;

/** C§4, C§9: the `wishlistAdded` flag resets after 5 s. */
export const WISHLIST_ADDED_FLAG_MS = 5000;

/** A§9: login banner, profile success notice and company save message clear after 5 s. */
export const BANNER_DURATION_MS = 5000;

/** A§4, A§9: resending a verification or reset link is disabled for 5:00, shown m:ss. */
export const RESEND_COUNTDOWN_SECONDS = 300;

/** A§9: search debounce in the customer card. */
export const CUSTOMER_CARD_SEARCH_DEBOUNCE_MS = 400;
/** A§9: search debounce on the company screen (super admins). */
export const COMPANY_SEARCH_DEBOUNCE_MS = 300;

/** A§4: the company form re-resets this long after the selection or data changed. */
export const COMPANY_FORM_RESET_DELAY_MS = 100;

// C§8/C§9's fetch retries (3, 500 ms apart) and the one retry after a token refresh are the
// request pipeline's own (`@kassa/api-client`'s `DEFAULT_RETRY` and `onUnauthorized`), which
// depends on nothing. C§9's query retries (3, doubling from 1 s to 30 s) belong to a client-side
// query cache; the storefront reads in loaders on the server, where a page waiting 7 s for
// retries is worse than the error page (ADR 0047). Neither is kept here as a number nobody reads.

/** C§4, C§9: saved gift cards are applied one by one, card `index` after 300 ms × index. */
export const GIFT_CARD_APPLY_STEP_MS = 300;

/** When the saved gift card at `index` (0-based) is due, counted from the first card's start. */
export function giftCardApplyDelayMs(index: number): number {
  return GIFT_CARD_APPLY_STEP_MS * Math.max(0, index);
}

/**
 * How long to wait before applying the card at `index`, `elapsedMs` after the first card started:
 * each card is due 300 ms × its index from the start (C§9), however long the cards before it took,
 * so five cards start at 0, 0.3, 0.6, 0.9 and 1.2 s, not after waits that add up.
 */
export function giftCardWaitMs(index: number, elapsedMs: number): number {
  return Math.max(0, giftCardApplyDelayMs(index) - Math.max(0, elapsedMs));
}

/** C§4, C§9: an Avarda purchase must complete within 30 minutes. */
export const AVARDA_PURCHASE_TIMEOUT_SECONDS = 1800;

/**
 * The order list's order-number search submits this long after the last key (spec silent: the
 * customer card's 400 ms, so typing a whole number asks once).
 */
export const ORDER_SEARCH_DEBOUNCE_MS = 400;

/**
 * The search box asks for suggestions this long after the last key (spec silent: the company
 * screen's 300 ms, quick enough to feel live, slow enough that a word typed at speed asks once).
 */
export const SEARCH_SUGGEST_DEBOUNCE_MS = 300;

/**
 * The quick order resolves its lines this long after the last key (issue 32; spec silent: the
 * customer card's search debounce of A§9, so a line typed at speed is looked up once).
 */
export const QUICK_ORDER_RESOLVE_DEBOUNCE_MS = 400;
