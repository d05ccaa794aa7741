import { describe, expect, it } from "vitest";
import {
  CART_BUSY_MS,
  giftCardApplyDelayMs,
  giftCardWaitMs,
  RESEND_COUNTDOWN_SECONDS,
  TOAST_DURATION_MS,
} from "./timings.js";

describe("timings", () => {
  it("keeps the spec's values", () => {
    expect(CART_BUSY_MS).toBe(700);
    expect(TOAST_DURATION_MS).toBe(4000);
    expect(RESEND_COUNTDOWN_SECONDS).toBe(300);
  });

  it("spaces gift cards 300 ms × index", () => {
    expect([0, 1, 2].map(giftCardApplyDelayMs)).toEqual([0, 300, 600]);
  });

  it("counts each gift card's 300 ms × index from the first card's start, not after the others", () => {
    // The third card is due at 600 ms; 450 ms have gone on the first two.
    expect(giftCardWaitMs(2, 450)).toBe(150);
    expect(giftCardWaitMs(4, 0)).toBe(1200);
    // Late already: no wait, and never a negative one.
    expect(giftCardWaitMs(1, 900)).toBe(0);
    expect(giftCardWaitMs(0, -5)).toBe(0);
  });
});
