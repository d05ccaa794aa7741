import { describe, expect, it } from "vitest";
import type { OrderLimitLine } from "./order-limit.js";
import { type SizeVariant, sizeChangeRefusal, sizeOptionsFor } from "./size-change.js";

const variants: SizeVariant[] = [
  { id: "navy-s", color: "Navy", size: "S" },
  { id: "navy-m", color: "Navy", size: "M" },
  { id: "navy-l", color: "Navy", size: "L" },
  { id: "red-s", color: "Red", size: "S" },
  { id: "red-m", color: "Red", size: "M" },
];
const stock: Record<string, number> = { "navy-s": 5, "navy-m": 0, "navy-l": 1, "red-s": 9 };
const available = (id: string) => stock[id];
const line = { id: "line-1", productParentId: "pp-1", productVariantId: "navy-s", quantity: 2 };

describe("sizeOptionsFor", () => {
  it("offers the sizes of the line's colour with their stock, marking those short of the quantity", () => {
    expect(sizeOptionsFor(line, variants, available)).toEqual([
      { variantId: "navy-s", size: "S", availableQuantity: 5, current: true, unavailable: false },
      { variantId: "navy-m", size: "M", availableQuantity: 0, current: false, unavailable: true },
      { variantId: "navy-l", size: "L", availableQuantity: 1, current: false, unavailable: true },
    ]);
    const one = { ...line, quantity: 1 };
    expect(sizeOptionsFor(one, variants, available).map((option) => option.unavailable)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it("offers nothing for a product without sizes, a variant it does not know, or one size only", () => {
    expect(sizeOptionsFor(line, [{ id: "navy-s", color: "Navy" }], available)).toEqual([]);
    expect(sizeOptionsFor({ ...line, productVariantId: "gone" }, variants, available)).toEqual([]);
    expect(sizeOptionsFor(line, variants.slice(0, 1), available)).toEqual([]);
  });

  it("counts a stock it does not know as none", () => {
    const options = sizeOptionsFor(
      { ...line, productVariantId: "red-s", quantity: 1 },
      variants,
      available,
    );
    expect(options[1]).toMatchObject({
      variantId: "red-m",
      availableQuantity: 0,
      unavailable: true,
    });
  });
});

describe("sizeChangeRefusal", () => {
  const one = { ...line, quantity: 1 };
  const options = sizeOptionsFor(one, variants, available);
  const check = (
    productVariantId: string,
    orderLimit: number | null = null,
    lines: OrderLimitLine[] = [one],
  ) => sizeChangeRefusal({ line: one, options, productVariantId, lines, orderLimit });

  it("allows another size of the colour in stock, and the line's own size (nothing to do)", () => {
    expect(check("navy-l")).toBeNull();
    expect(check("navy-s")).toBeNull();
  });

  it("refuses a variant of another colour or product, or an unknown one", () => {
    expect(check("red-s")).toBe("unknown-size");
    expect(check("pv-other-product")).toBe("unknown-size");
  });

  it("refuses a sold-out size", () => {
    expect(check("navy-m")).toBe("sold-out");
  });

  it("counts the line once toward the order limit, and refuses a cart over a lowered limit", () => {
    const other = { id: "line-2", productParentId: "pp-1", quantity: 2 };
    const elsewhere = { id: "line-3", productParentId: "pp-2", quantity: 50 };
    expect(check("navy-l", 3, [one, other, elsewhere])).toBeNull();
    expect(check("navy-l", 2, [one, other, elsewhere])).toBe("order-limit");
  });
});
