import { describe, expect, expectTypeOf, it } from "vitest";
import { VALIDATION_MESSAGES } from "../forms/messages.js";
import { type AddToCartForm, type CartForm, cartLineSchema, cartSchema } from "./cart-schemas.js";

/** The messages of a failed parse, by field path. */
function errorsOf(input: unknown): Record<string, string[]> {
  const result = cartSchema.safeParse(input);
  if (result.success) throw new Error("expected the parse to fail");
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe("cartSchema: add", () => {
  it("accepts a form post and defaults the quantity to 1", () => {
    expect(
      cartSchema.parse({ intent: "add", productVariantId: "v1", productParentId: "p1" }),
    ).toEqual({ intent: "add", productVariantId: "v1", productParentId: "p1", quantity: 1 });
  });

  it("reads numbers from form strings", () => {
    expect(
      cartSchema.parse({
        intent: "add",
        productVariantId: " v1 ",
        productParentId: "p1",
        quantity: "3",
        orderLimit: "5",
        redirectTo: "/sv/produkt/trojan",
      }),
    ).toEqual({
      intent: "add",
      productVariantId: "v1",
      productParentId: "p1",
      quantity: 3,
      orderLimit: 5,
      redirectTo: "/sv/produkt/trojan",
    });
  });

  it("treats empty optional fields as not given", () => {
    expect(
      cartSchema.parse({
        intent: "add",
        productVariantId: "v1",
        productParentId: "p1",
        quantity: "",
        orderLimit: "",
        redirectTo: "",
      }),
    ).toEqual({ intent: "add", productVariantId: "v1", productParentId: "p1", quantity: 1 });
  });

  it("rejects quantities outside 1–99 and fractions", () => {
    const base = { intent: "add", productVariantId: "v1", productParentId: "p1" };
    expect(errorsOf({ ...base, quantity: "0" })).toEqual({
      quantity: [VALIDATION_MESSAGES.quantityMin],
    });
    expect(errorsOf({ ...base, quantity: 100 })).toEqual({
      quantity: [VALIDATION_MESSAGES.quantityMax],
    });
    expect(errorsOf({ ...base, quantity: "1.5" })).toEqual({
      quantity: [VALIDATION_MESSAGES.quantityInteger],
    });
    expect(errorsOf({ ...base, quantity: "many" })).toEqual({
      quantity: [VALIDATION_MESSAGES.invalid],
    });
  });

  it("requires the variant; the parent is optional", () => {
    expect(errorsOf({ intent: "add", productVariantId: " " })).toEqual({
      productVariantId: [VALIDATION_MESSAGES.required],
    });
    expect(cartSchema.parse({ intent: "add", productVariantId: "v1" })).toEqual({
      intent: "add",
      productVariantId: "v1",
      quantity: 1,
    });
  });

  it("rejects a bad order limit", () => {
    expect(
      errorsOf({ intent: "add", productVariantId: "v", productParentId: "p", orderLimit: "0" }),
    ).toEqual({ orderLimit: [VALIDATION_MESSAGES.invalid] });
  });

  it("refuses redirects off the site", () => {
    for (const redirectTo of [
      "//evil.example",
      "https://evil.example/",
      "/\\evil.example",
      "/\t/x",
      "cart",
    ]) {
      expect(
        errorsOf({ intent: "add", productVariantId: "v", productParentId: "p", redirectTo }),
      ).toEqual({ redirectTo: [VALIDATION_MESSAGES.invalid] });
    }
  });
});

describe("cartSchema: increase, decrease", () => {
  it("accepts the line and its current quantity", () => {
    expect(cartSchema.parse({ intent: "increase", itemId: "line-1", quantity: "1" })).toEqual({
      intent: "increase",
      itemId: "line-1",
      quantity: 1,
    });
    expect(cartSchema.parse({ intent: "decrease", itemId: "line-1", quantity: "1" })).toEqual({
      intent: "decrease",
      itemId: "line-1",
      quantity: 1,
    });
  });

  it("requires the current quantity", () => {
    expect(errorsOf({ intent: "decrease", itemId: "line-1" })).toEqual({
      quantity: [VALIDATION_MESSAGES.required],
    });
    expect(errorsOf({ intent: "increase", itemId: "line-1", quantity: "" })).toEqual({
      quantity: [VALIDATION_MESSAGES.required],
    });
  });
});

describe("cartSchema: set-quantity, remove", () => {
  it("accepts a quantity of 1–99", () => {
    expect(cartSchema.parse({ intent: "set-quantity", itemId: "l", quantity: "99" })).toEqual({
      intent: "set-quantity",
      itemId: "l",
      quantity: 99,
    });
  });

  it("has no default quantity", () => {
    expect(errorsOf({ intent: "set-quantity", itemId: "l" })).toEqual({
      quantity: [VALIDATION_MESSAGES.required],
    });
    expect(errorsOf({ intent: "set-quantity", itemId: "l", quantity: "0" })).toEqual({
      quantity: [VALIDATION_MESSAGES.quantityMin],
    });
  });

  it("accepts a removal", () => {
    expect(cartSchema.parse({ intent: "remove", itemId: "l" })).toEqual({
      intent: "remove",
      itemId: "l",
    });
    expect(errorsOf({ intent: "remove" })).toEqual({ itemId: [VALIDATION_MESSAGES.required] });
  });
});

describe("cartSchema: change-size", () => {
  it("takes a line and the variant of the size chosen", () => {
    expect(
      cartLineSchema.parse({ intent: "change-size", itemId: "l", productVariantId: " pv-2 " }),
    ).toEqual({ intent: "change-size", itemId: "l", productVariantId: "pv-2" });
  });

  it("asks for a size when none is chosen", () => {
    expect(errorsOf({ intent: "change-size", itemId: "l", productVariantId: "" })).toEqual({
      productVariantId: [VALIDATION_MESSAGES.cartSizeRequired],
    });
    expect(errorsOf({ intent: "change-size", productVariantId: "pv-2" })).toEqual({
      itemId: [VALIDATION_MESSAGES.required],
    });
  });
});

describe("cartSchema: intent", () => {
  it("rejects an unknown or missing intent", () => {
    expect(errorsOf({ intent: "empty-cart" })).toEqual({
      intent: [VALIDATION_MESSAGES.invalid],
    });
    expect(errorsOf({})).toEqual({ intent: [VALIDATION_MESSAGES.invalid] });
  });
});

describe("cartLineSchema", () => {
  it("takes the line changes and refuses an add", () => {
    expect(cartLineSchema.parse({ intent: "increase", itemId: "l", quantity: "2" })).toEqual({
      intent: "increase",
      itemId: "l",
      quantity: 2,
    });
    expect(cartLineSchema.parse({ intent: "remove", itemId: "l", quantity: "2" })).toEqual({
      intent: "remove",
      itemId: "l",
    });
    const add = cartLineSchema.safeParse({
      intent: "add",
      productVariantId: "v",
      productParentId: "p",
    });
    expect(add.error?.issues.map((issue) => issue.message)).toEqual([VALIDATION_MESSAGES.invalid]);
  });
});

describe("cartSchema: types", () => {
  it("infers the parsed shapes", () => {
    expectTypeOf<AddToCartForm>().toEqualTypeOf<{
      intent: "add";
      productVariantId: string;
      productParentId?: string | undefined;
      quantity: number;
      orderLimit?: number | undefined;
      redirectTo?: string | undefined;
    }>();
    expectTypeOf<Extract<CartForm, { intent: "remove" }>>().toEqualTypeOf<{
      intent: "remove";
      itemId: string;
      redirectTo?: string | undefined;
    }>();
  });
});
