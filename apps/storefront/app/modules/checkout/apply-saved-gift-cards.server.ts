import { isKassaApiError, isUnexpectedError } from "@kassa/api-client";
import { giftCardWaitMs } from "@kassa/domain";
import type { SavedGiftCard } from "~/modules/cart/gift-card-cookie.server";

export interface GiftCardClock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

const realClock: GiftCardClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Applies the shopper's saved gift cards to a new checkout one by one, card `index` 300 ms × index
 * after the first one started (C§4, C§9): the wait is counted from the start, so a slow platform
 * call does not push every later card further back. A card the platform refuses is dropped (C§8:
 * the shopper is told, the others stay); an unexpected failure stops the checkout.
 */
export async function applySavedGiftCards(
  cards: readonly SavedGiftCard[],
  apply: (card: SavedGiftCard) => Promise<unknown>,
  clock: GiftCardClock = realClock,
): Promise<{ kept: SavedGiftCard[]; failed: boolean }> {
  const kept: SavedGiftCard[] = [];
  let failed = false;
  const start = clock.now();
  for (const [index, card] of cards.entries()) {
    const wait = giftCardWaitMs(index, clock.now() - start);
    if (wait > 0) await clock.sleep(wait);
    try {
      await apply(card);
      kept.push(card);
    } catch (error) {
      if (!isKassaApiError(error) || isUnexpectedError(error)) throw error;
      failed = true;
    }
  }
  return { kept, failed };
}
