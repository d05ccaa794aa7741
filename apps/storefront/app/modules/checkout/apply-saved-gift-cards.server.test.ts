import { HttpError, UnexpectedError } from "@kassa/api-client";
import { describe, expect, it } from "vitest";
import { applySavedGiftCards, type GiftCardClock } from "./apply-saved-gift-cards.server";

/** A clock that moves only when the code under test sleeps or a card's call takes time. */
function fakeClock() {
  let now = 0;
  const clock: GiftCardClock = {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
  return { clock, advance: (ms: number) => (now += ms), at: () => now };
}

const cards = Array.from({ length: 5 }, (_, index) => ({
  code: `600000000000800${index}`,
  pin: "1234",
}));

describe("applySavedGiftCards (C§9: 300 ms × index)", () => {
  it("starts card i at 300 ms × i from the first card's start, however long each call takes", async () => {
    const { clock, advance, at } = fakeClock();
    const started: number[] = [];
    await applySavedGiftCards(
      cards,
      async () => {
        started.push(at());
        advance(100); // each platform call takes 100 ms
      },
      clock,
    );
    // Waits that add up would give 0, 400, 1000, 1900, 3100.
    expect(started).toEqual([0, 300, 600, 900, 1200]);
  });

  it("does not wait at all for a card whose time has passed", async () => {
    const { clock, advance, at } = fakeClock();
    const started: number[] = [];
    await applySavedGiftCards(
      cards.slice(0, 3),
      async () => {
        started.push(at());
        advance(700);
      },
      clock,
    );
    expect(started).toEqual([0, 700, 1400]);
  });

  it("keeps the cards the platform took and drops the refused ones (C§8)", async () => {
    const { clock } = fakeClock();
    const refused = new HttpError({
      message: "unable to add/update card",
      status: 400,
      method: "POST",
      url: "x",
    });
    const result = await applySavedGiftCards(
      cards.slice(0, 3),
      async (card) => {
        if (card === cards[1]) throw refused;
      },
      clock,
    );
    expect(result).toEqual({ kept: [cards[0], cards[2]], failed: true });
  });

  it("stops on an unexpected failure", async () => {
    const { clock } = fakeClock();
    const broken = new UnexpectedError({ method: "POST", url: "x" });
    await expect(
      applySavedGiftCards(
        cards.slice(0, 2),
        async () => {
          throw broken;
        },
        clock,
      ),
    ).rejects.toBe(broken);
  });
});
