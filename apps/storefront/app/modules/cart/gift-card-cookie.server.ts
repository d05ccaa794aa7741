import { normalizeGiftCardInput } from "@kassa/domain";
import { z } from "zod";
import { expireCookie, storefrontCookies } from "~/modules/http/cookies.server";

/**
 * The gift cards a shopper saved for checkout (C§4: kept in session storage and applied one by one
 * when a checkout starts). Kept in the sealed (encrypted and authenticated, ADR 0049), httpOnly
 * `giftCards` cookie, which has no `Max-Age`: like session storage it ends with the browser
 * session. The checkout reads the list
 * with {@link readSavedGiftCards} and drops a card that failed with {@link savedGiftCardsCookie}.
 */

export interface SavedGiftCard {
  code: string;
  pin: string;
}

/** At most this many cards are kept; the gift-card box refuses another. */
export const MAX_SAVED_GIFT_CARDS = 5;

const savedCardsSchema = z
  .array(
    z.object({
      code: z.string().min(1).max(64).transform(normalizeGiftCardInput),
      pin: z.string().min(1).max(16).transform(normalizeGiftCardInput),
    }),
  )
  .max(MAX_SAVED_GIFT_CARDS);

/**
 * The saved cards, in the order they were saved; none when the cookie is missing, not ours,
 * tampered with, or sealed under a secret or format since replaced.
 */
export async function readSavedGiftCards(request: Request): Promise<SavedGiftCard[]> {
  const value = await storefrontCookies().giftCards.parse(request.headers.get("Cookie"));
  const parsed = savedCardsSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** The `Set-Cookie` that stores `cards` (an empty list expires the cookie). */
export function savedGiftCardsCookie(cards: readonly SavedGiftCard[]): Promise<string> {
  const cookie = storefrontCookies().giftCards;
  if (cards.length === 0) return expireCookie(cookie);
  return cookie.serialize(
    cards.slice(0, MAX_SAVED_GIFT_CARDS).map(({ code, pin }) => ({ code, pin })),
  );
}

/**
 * The list with `card` saved: a card already saved keeps its place and takes the new pin; a new
 * card goes last. Null when the list is full.
 */
export function withSavedGiftCard(
  cards: readonly SavedGiftCard[],
  card: SavedGiftCard,
): SavedGiftCard[] | null {
  if (cards.some((saved) => saved.code === card.code)) {
    return cards.map((saved) => (saved.code === card.code ? card : saved));
  }
  if (cards.length >= MAX_SAVED_GIFT_CARDS) return null;
  return [...cards, card];
}
