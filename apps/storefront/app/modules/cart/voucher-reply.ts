import type { SubmissionResult } from "@conform-to/react";

/**
 * What the voucher panel's forms get back from the cart action when it answers on the page
 * instead of redirecting (a refused code, a form with errors): the same for a fetcher (with
 * JavaScript) and for the page's own post (without).
 */
export interface VoucherReply {
  intent: "apply-discount" | "save-gift-card";
  /** Conform's reply: field errors (translation keys or translated text) and the values to show again. */
  result: SubmissionResult<string[]>;
  /** C§8: the refused code's message, split at its pipe, for the inline alert. */
  alert?: { title: string; body: string };
}

/** A saved gift card as the page shows it: never the pin; the code masked but for its last four. */
export interface SavedGiftCardView {
  /** The full code: what the remove button posts. */
  code: string;
  masked: string;
  last4: string;
}
