import { describe, expect, it } from "vitest";
import { VALIDATION_MESSAGES } from "../forms/messages.js";
import {
  isVoucherIntent,
  normalizeGiftCardInput,
  splitDiscountMessage,
  VOUCHER_MESSAGES,
  voucherSchema,
} from "./voucher-schemas.js";

/** The messages of a failed parse, by field path. */
function errorsOf(input: unknown): Record<string, string[]> {
  const result = voucherSchema.safeParse(input);
  if (result.success) throw new Error("expected the parse to fail");
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe("apply-discount", () => {
  it("trims the code", () => {
    expect(
      voucherSchema.parse({ intent: "apply-discount", discountCode: "  valkommen10 " }),
    ).toEqual({ intent: "apply-discount", discountCode: "valkommen10" });
  });

  it("takes an empty or blank code as no code (C§5: it does nothing), not as an error", () => {
    for (const discountCode of ["", "   ", undefined]) {
      expect(voucherSchema.parse({ intent: "apply-discount", discountCode })).toEqual({
        intent: "apply-discount",
      });
    }
  });

  it("refuses a code longer than the platform takes", () => {
    expect(errorsOf({ intent: "apply-discount", discountCode: "A".repeat(65) })).toEqual({
      discountCode: [VOUCHER_MESSAGES.discountCodeTooLong],
    });
  });

  it("keeps a safe redirect and refuses another site", () => {
    expect(
      voucherSchema.parse({ intent: "apply-discount", discountCode: "X", redirectTo: "/cart" }),
    ).toMatchObject({ redirectTo: "/cart" });
    expect(
      voucherSchema.safeParse({
        intent: "apply-discount",
        discountCode: "X",
        redirectTo: "//evil.example",
      }).success,
    ).toBe(false);
  });
});

describe("remove-discount", () => {
  it("needs the code", () => {
    expect(voucherSchema.parse({ intent: "remove-discount", code: " SOMMAR100 " })).toEqual({
      intent: "remove-discount",
      code: "SOMMAR100",
    });
    expect(errorsOf({ intent: "remove-discount", code: "" })).toEqual({
      code: [VALIDATION_MESSAGES.required],
    });
  });
});

describe("save-gift-card", () => {
  it("removes every space from code and pin (C§5)", () => {
    expect(
      voucherSchema.parse({
        intent: "save-gift-card",
        giftCardCode: " 6000 0000 0000 1000 ",
        giftCardPin: "12 34\t",
      }),
    ).toEqual({ intent: "save-gift-card", giftCardCode: "6000000000001000", giftCardPin: "1234" });
  });

  it("needs both code and pin, blank counting as missing", () => {
    expect(errorsOf({ intent: "save-gift-card", giftCardCode: "   ", giftCardPin: "" })).toEqual({
      giftCardCode: [VOUCHER_MESSAGES.giftCardCodeRequired],
      giftCardPin: [VOUCHER_MESSAGES.giftCardPinRequired],
    });
    expect(errorsOf({ intent: "save-gift-card" })).toEqual({
      giftCardCode: [VOUCHER_MESSAGES.giftCardCodeRequired],
      giftCardPin: [VOUCHER_MESSAGES.giftCardPinRequired],
    });
  });

  it("takes letters and digits only", () => {
    expect(
      errorsOf({ intent: "save-gift-card", giftCardCode: "6000-0000", giftCardPin: "12;4" }),
    ).toEqual({
      giftCardCode: [VOUCHER_MESSAGES.giftCardCodeInvalid],
      giftCardPin: [VOUCHER_MESSAGES.giftCardPinInvalid],
    });
    expect(
      errorsOf({ intent: "save-gift-card", giftCardCode: "123", giftCardPin: "1".repeat(17) }),
    ).toEqual({
      giftCardCode: [VOUCHER_MESSAGES.giftCardCodeInvalid],
      giftCardPin: [VOUCHER_MESSAGES.giftCardPinInvalid],
    });
  });
});

describe("remove-gift-card", () => {
  it("needs the card's code", () => {
    expect(voucherSchema.parse({ intent: "remove-gift-card", giftCardCode: "6000" })).toEqual({
      intent: "remove-gift-card",
      giftCardCode: "6000",
    });
    expect(errorsOf({ intent: "remove-gift-card" })).toEqual({
      giftCardCode: [VALIDATION_MESSAGES.required],
    });
  });
});

describe("voucherSchema", () => {
  it("refuses an unknown intent", () => {
    expect(errorsOf({ intent: "add" })).toEqual({ intent: [VALIDATION_MESSAGES.invalid] });
    expect(isVoucherIntent("apply-discount")).toBe(true);
    expect(isVoucherIntent("remove")).toBe(false);
  });
});

describe("normalizeGiftCardInput", () => {
  it("removes spaces of every kind", () => {
    expect(normalizeGiftCardInput(" 6000\u00a00000 0000\t1000\n")).toBe("6000000000001000");
  });
});

describe("splitDiscountMessage", () => {
  it("splits at the first pipe into title and body", () => {
    expect(
      splitDiscountMessage("Rabattkoden har gått ut|Koden VINTER2024 gäller inte längre."),
    ).toEqual({ title: "Rabattkoden har gått ut", body: "Koden VINTER2024 gäller inte längre." });
    expect(splitDiscountMessage("A | B | C")).toEqual({ title: "A", body: "B | C" });
  });

  it("makes a text without a pipe the title", () => {
    expect(splitDiscountMessage("Bad request")).toEqual({ title: "Bad request", body: "" });
  });
});
