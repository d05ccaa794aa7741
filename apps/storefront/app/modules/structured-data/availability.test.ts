import { describe, expect, it } from "vitest";
import { availabilityOf } from "./availability";

describe("a variant's availability", () => {
  it("is in stock while any can be bought, out of stock otherwise", () => {
    expect(availabilityOf({ isAvailable: true, availableQuantity: 2 })).toBe(
      "https://schema.org/InStock",
    );
    expect(availabilityOf({ isAvailable: true, availableQuantity: 0 })).toBe(
      "https://schema.org/OutOfStock",
    );
    expect(availabilityOf({ isAvailable: false, availableQuantity: 5 })).toBe(
      "https://schema.org/OutOfStock",
    );
    expect(availabilityOf(null)).toBe("https://schema.org/OutOfStock");
  });
});
