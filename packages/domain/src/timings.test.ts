import { describe, expect, it } from "vitest";
import {
  CART_BUSY_MS,
  FETCH_RETRY_DELAY_MS,
  FETCH_RETRY_LIMIT,
  giftCardApplyDelayMs,
  queryRetryDelayMs,
  RESEND_COUNTDOWN_SECONDS,
  TOAST_DURATION_MS,
} from "./timings.js";

describe("timings", () => {
  it("keeps the spec's values", () => {
    expect(CART_BUSY_MS).toBe(700);
    expect(TOAST_DURATION_MS).toBe(4000);
    expect(RESEND_COUNTDOWN_SECONDS).toBe(300);
    expect(FETCH_RETRY_LIMIT).toBe(3);
    expect(FETCH_RETRY_DELAY_MS).toBe(500);
  });

  it("spaces gift cards 300 ms × index", () => {
    expect([0, 1, 2].map(giftCardApplyDelayMs)).toEqual([0, 300, 600]);
  });

  it("doubles the query retry delay up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});
