import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY, quantityChange } from "./cart-changes.js";

describe("quantityChange", () => {
  it("adds one on increase", () => {
    expect(quantityChange(1, "increase")).toEqual({ type: "update", quantity: 2 });
    expect(quantityChange(7, "increase")).toEqual({ type: "update", quantity: 8 });
  });

  it("does not go past the line maximum", () => {
    expect(quantityChange(MAX_LINE_QUANTITY, "increase")).toEqual({
      type: "update",
      quantity: MAX_LINE_QUANTITY,
    });
  });

  it("takes one away on decrease", () => {
    expect(quantityChange(3, "decrease")).toEqual({ type: "update", quantity: 2 });
    expect(quantityChange(2, "decrease")).toEqual({ type: "update", quantity: 1 });
  });

  it("removes the line on minus at quantity 1", () => {
    expect(quantityChange(1, "decrease")).toEqual({ type: "remove" });
  });
});
