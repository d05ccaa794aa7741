import { describe, expect, it } from "vitest";
import { maskGiftCardCode, normalizeGiftCardValue } from "./gift-card-input.js";

describe("gift card input (C§5)", () => {
  it("removes every space and trims", () => {
    expect(normalizeGiftCardValue("  6012 3456\t7890 1234 ")).toBe("6012345678901234");
  });
  it("masks all but the last four characters", () => {
    expect(maskGiftCardCode("6012345678901234")).toBe("••••••••1234");
    expect(maskGiftCardCode("1234")).toBe("1234");
  });
});
