import { describe, expect, it } from "vitest";
import {
  assertWithinOrderLimit,
  exceedsOrderLimit,
  ORDER_LIMIT_REACHED,
  OrderLimitError,
  quantityAfterChange,
  quantityOfParent,
} from "./order-limit.js";

const lines = [
  { id: "a", productParentId: "shirt", quantity: 2 },
  { id: "b", productParentId: "shirt", quantity: 1 },
  { id: "c", productParentId: "cap", quantity: 4 },
];

describe("quantityOfParent", () => {
  it("sums every variant of one parent", () => {
    expect(quantityOfParent(lines, "shirt")).toBe(3);
    expect(quantityOfParent(lines, "shirt", "a")).toBe(1);
    expect(quantityOfParent(lines, "none")).toBe(0);
  });
});

describe("order limit", () => {
  it("adds the added quantity to the parent's lines", () => {
    expect(
      quantityAfterChange({ lines, productParentId: "shirt", orderLimit: 5, quantity: 2 }),
    ).toBe(5);
    expect(exceedsOrderLimit({ lines, productParentId: "shirt", orderLimit: 5, quantity: 2 })).toBe(
      false,
    );
    expect(exceedsOrderLimit({ lines, productParentId: "shirt", orderLimit: 5, quantity: 3 })).toBe(
      true,
    );
  });

  it("replaces the quantity of an updated line", () => {
    const check = { lines, productParentId: "shirt", orderLimit: 5, replacingLineId: "a" };
    expect(exceedsOrderLimit({ ...check, quantity: 4 })).toBe(false);
    expect(exceedsOrderLimit({ ...check, quantity: 5 })).toBe(true);
  });

  it("is unlimited without a limit", () => {
    expect(
      exceedsOrderLimit({ lines, productParentId: "shirt", orderLimit: null, quantity: 99 }),
    ).toBe(false);
  });

  it("throws ORDER_LIMIT_REACHED with status 403", () => {
    expect(() =>
      assertWithinOrderLimit({ lines, productParentId: "cap", orderLimit: 4, quantity: 1 }),
    ).toThrow(OrderLimitError);
    try {
      assertWithinOrderLimit({ lines, productParentId: "cap", orderLimit: 4, quantity: 1 });
    } catch (error) {
      expect(error).toMatchObject({
        code: ORDER_LIMIT_REACHED,
        status: 403,
        orderLimit: 4,
        requestedQuantity: 5,
      });
    }
    expect(() =>
      assertWithinOrderLimit({ lines, productParentId: "cap", orderLimit: 5, quantity: 1 }),
    ).not.toThrow();
  });
});
