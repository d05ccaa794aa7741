import { describe, expect, it } from "vitest";
import {
  GIFT_CARD_PRODUCT_MESSAGES as E,
  giftCardAmountToLoad,
  giftCardProductSchema,
} from "./gift-card-product-schema.js";

const valid = {
  currency: "SEK",
  amount: "500",
  templateId: "birthday",
  receivingEmail: "  Anna.Friend@Example.se ",
  senderName: "",
  message: "Grattis!",
};

function errorsOf(input: Record<string, unknown>) {
  const result = giftCardProductSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("giftCardProductSchema", () => {
  it("takes a valid form: trims, lower-cases the email, blank sender name is not given", () => {
    const form = giftCardProductSchema.parse(valid);
    expect(form).toEqual({
      currency: "SEK",
      amount: 500,
      templateId: "birthday",
      receivingEmail: "anna.friend@example.se",
      senderName: undefined,
      message: "Grattis!",
    });
    expect(giftCardAmountToLoad(form)).toBe(50_000);
  });

  it("checks the amount against the currency's range", () => {
    expect(errorsOf({ ...valid, amount: "99" })).toEqual({ amount: E.amountOutOfRange });
    expect(errorsOf({ ...valid, amount: "10001" })).toEqual({ amount: E.amountOutOfRange });
    expect(errorsOf({ ...valid, amount: "10000" })).toEqual({});
    expect(errorsOf({ ...valid, currency: "EUR", amount: "500" })).toEqual({});
    expect(errorsOf({ ...valid, currency: "EUR", amount: "1001" })).toEqual({
      amount: E.amountOutOfRange,
    });
    expect(errorsOf({ ...valid, currency: "EUR", amount: "9" })).toEqual({
      amount: E.amountOutOfRange,
    });
    expect(errorsOf({ ...valid, amount: "12.5" })).toEqual({ amount: E.amountOutOfRange });
    expect(errorsOf({ ...valid, amount: "abc" })).toEqual({ amount: E.amountOutOfRange });
    expect(errorsOf({ ...valid, amount: "" })).toEqual({ amount: E.amountRequired });
  });

  it("checks the range even while another field is invalid", () => {
    expect(errorsOf({ ...valid, amount: "5", receivingEmail: "nope" })).toEqual({
      amount: E.amountOutOfRange,
      receivingEmail: E.emailInvalid,
    });
  });

  it("needs a known design and a valid receiving email", () => {
    expect(errorsOf({ ...valid, templateId: "easter" })).toEqual({ templateId: E.designRequired });
    expect(errorsOf({ ...valid, templateId: undefined })).toEqual({ templateId: E.designRequired });
    expect(errorsOf({ ...valid, receivingEmail: " " })).toEqual({
      receivingEmail: E.emailRequired,
    });
    expect(errorsOf({ ...valid, receivingEmail: undefined })).toEqual({
      receivingEmail: E.emailRequired,
    });
    expect(errorsOf({ ...valid, receivingEmail: "vän@" })).toEqual({
      receivingEmail: E.emailInvalid,
    });
  });

  it("limits the sender name to 100 and the message to 200 characters", () => {
    expect(errorsOf({ ...valid, message: "x".repeat(200) })).toEqual({});
    expect(errorsOf({ ...valid, message: "x".repeat(201) })).toEqual({ message: E.messageTooLong });
    expect(errorsOf({ ...valid, senderName: "x".repeat(101) })).toEqual({
      senderName: E.senderNameTooLong,
    });
  });

  it("refuses a currency other than the markets'", () => {
    expect(errorsOf({ ...valid, currency: "NOK" })).toHaveProperty("currency");
  });
});
