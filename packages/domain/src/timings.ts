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

/** C§8, C§9: unexpected fetch failures are retried 3 times, 500 ms apart. */
export const FETCH_RETRY_LIMIT = 3;
export const FETCH_RETRY_DELAY_MS = 500;
/** C§8, C§9: a token refresh after 401/403 is followed by one retry. */
export const TOKEN_REFRESH_RETRY_LIMIT = 1;

/** C§9: query retries default to 3, the delay doubling from 1 s up to 30 s. */
export const QUERY_RETRY_LIMIT = 3;
export const QUERY_RETRY_BASE_DELAY_MS = 1000;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;

/** The delay before query retry number `attempt` (0-based): 1 s, 2 s, 4 s, … at most 30 s. */
export function queryRetryDelayMs(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attempt), QUERY_RETRY_MAX_DELAY_MS);
}

/** C§4, C§9: saved gift cards are applied one by one, card `index` after 300 ms × index. */
export const GIFT_CARD_APPLY_STEP_MS = 300;

/** The delay before applying the saved gift card at `index` (0-based). */
export function giftCardApplyDelayMs(index: number): number {
  return GIFT_CARD_APPLY_STEP_MS * Math.max(0, index);
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
