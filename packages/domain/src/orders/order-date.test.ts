import { describe, expect, it } from "vitest";
import { formatOrderDate } from "./order-date.js";

describe("formatOrderDate (C§2)", () => {
  it("writes yyyy-MM-dd HH:mm in Swedish time", () => {
    expect(formatOrderDate("2026-11-24T13:05:00Z")).toBe("2026-11-24 14:05");
    expect(formatOrderDate("2026-07-01T22:30:00Z")).toBe("2026-07-02 00:30");
  });

  it("uses another time zone when asked, and gives nothing for a bad date", () => {
    expect(formatOrderDate("2026-11-24T13:05:00Z", "Europe/Helsinki")).toBe("2026-11-24 15:05");
    expect(formatOrderDate("yesterday")).toBe("");
  });
});
