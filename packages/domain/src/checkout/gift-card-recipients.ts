/**
 * Who the gift cards of an order are mailed to. Each card goes to an address the buyer types, with
 * the buyer's name and a message of theirs, so without limits the shop would mail anyone whatever
 * a stranger writes (a relay; issue 28). An order mails its cards to at most a few different
 * addresses, and one address gets at most so many gift-card mails a day, from all orders together.
 */

/** Different addresses the gift cards of one cart (so one order) are mailed to. */
export const MAX_GIFT_CARD_RECIPIENTS_PER_ORDER = 3;

/** Gift-card mails one address receives in 24 hours, counted when an order is placed. */
export const GIFT_CARD_MAILS_PER_RECIPIENT_PER_DAY = 10;

/** The `error` of the platform's 400 when a cart's cards would go to one recipient too many. */
export const TOO_MANY_GIFT_CARD_RECIPIENTS = "TOO_MANY_GIFT_CARD_RECIPIENTS";

/** An address as the limits count it: one mailbox whatever its letters' case. */
export function recipientKey(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * The order error (C§8 `path: message`) of an order refused because `address` has had its
 * gift-card mails for the day; the order error card recognises it (`parseOrderError`).
 */
export function giftCardRecipientLimitError(address: string): string {
  return `gift_card.receiving_email: too many gift cards mailed to ${address} today`;
}
