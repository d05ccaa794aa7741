import { describe, expect, it } from "vitest";
import { reportRate } from "./report-rate.server";

describe("reportRate", () => {
  it("allows a few reports per address and window, and a ceiling for the process", () => {
    let now = 0;
    const rate = reportRate({ perAddress: 2, perProcess: 3, windowMs: 1000, now: () => now });
    expect([rate.allow("a"), rate.allow("a"), rate.allow("a")]).toEqual([true, true, false]);
    expect(rate.allow("b")).toBe(true);
    // The process's ceiling: a third address is not heard in this window.
    expect(rate.allow("c")).toBe(false);
    now = 1000;
    expect([rate.allow("a"), rate.allow("c"), rate.allow(undefined)]).toEqual([true, true, true]);
    expect(rate.allow(undefined)).toBe(false);
  });
});
