import { describe, expect, it } from "vitest";
import { giftCardRecipientLimitError } from "./gift-card-recipients.js";
import { parseOrderError } from "./order-error.js";

describe("parseOrderError (C§8 order error card)", () => {
  it("recognises the country text", () => {
    expect(
      parseOrderError("billing_address.country: country must be a valid ISO 3166-1 alpha2 code"),
    ).toEqual({
      path: "billing_address.country",
      field: "country",
      kind: "invalidCountry",
      message: "country must be a valid ISO 3166-1 alpha2 code",
    });
  });
  it("recognises required names and phone", () => {
    expect(parseOrderError("familyName is a required field")).toMatchObject({
      path: null,
      field: "familyName",
      kind: "required",
    });
    expect(parseOrderError("shipping_address.given_name: is a required field")).toMatchObject({
      field: "givenName",
      kind: "required",
    });
    expect(parseOrderError("telephoneNumber required")).toMatchObject({
      field: "telephoneNumber",
      kind: "required",
    });
  });
  it("recognises a gift card refused for its recipient's limit", () => {
    expect(parseOrderError(giftCardRecipientLimitError("vän@example.se"))).toEqual({
      path: "gift_card.receiving_email",
      field: null,
      kind: "giftCardRecipientLimit",
      message: "too many gift cards mailed to vän@example.se today",
      address: "vän@example.se",
    });
  });

  it("recognises the platform's refusals of a payment that does not add up (ADR 0030)", () => {
    expect(parseOrderError("payment: the amount paid does not match the order")).toEqual({
      path: "payment",
      field: null,
      kind: "paymentMismatch",
      message: "the amount paid does not match the order",
    });
    expect(parseOrderError("cart: the cart changed after the checkout started")).toMatchObject({
      kind: "cartChanged",
    });
    expect(parseOrderError("payment: this payment has ended")).toMatchObject({
      kind: "paymentEnded",
    });
    expect(parseOrderError("payment.method: not accepted")).toMatchObject({ kind: "other" });
  });
  it("keeps anything else as label and message", () => {
    expect(parseOrderError("coupon: not combinable")).toEqual({
      path: "coupon",
      field: null,
      kind: "other",
      message: "not combinable",
    });
    expect(parseOrderError("Something broke")).toMatchObject({
      path: null,
      message: "Something broke",
    });
  });
});
