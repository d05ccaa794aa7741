import { z } from "zod";
import { normalizeGiftCardValue } from "../checkout/gift-card-input.js";
import { formText, requiredId } from "../forms/form-values.js";
import { VALIDATION_MESSAGES as M } from "../forms/messages.js";
import { redirectToSchema } from "../forms/redirect.js";

/**
 * The voucher panel of the cart (C§2): the promo-code box, the gift-card box (code and pin), and
 * the remove buttons of applied codes and saved cards. They post to the cart route like its line
 * forms, told apart by `intent`; the action and the forms (through conform) parse with
 * {@link voucherSchema}. Messages are translation keys (`voucher.*` of `@kassa/i18n`).
 */

export const VOUCHER_INTENTS = [
  "apply-discount",
  "remove-discount",
  "save-gift-card",
  "remove-gift-card",
] as const;
export type VoucherIntent = (typeof VOUCHER_INTENTS)[number];

export function isVoucherIntent(value: unknown): value is VoucherIntent {
  return (VOUCHER_INTENTS as readonly unknown[]).includes(value);
}

/** The translation keys the voucher schemas produce. */
export const VOUCHER_MESSAGES = {
  /** A discount code longer than the platform takes: the platform's own refusal, `BAD_REQUEST`. */
  discountCodeTooLong: "voucher.discountErrors.BAD_REQUEST",
  giftCardCodeRequired: "voucher.giftCardCodeRequired",
  giftCardCodeInvalid: "voucher.giftCardCodeInvalid",
  giftCardPinRequired: "voucher.giftCardPinRequired",
  giftCardPinInvalid: "voucher.giftCardPinInvalid",
} as const;

/** The longest discount code the platform takes. */
export const MAX_DISCOUNT_CODE_LENGTH = 64;

/** A gift card's code: letters and digits, as printed on the card once its spaces are gone. */
const GIFT_CARD_CODE = /^[A-Za-z0-9]{4,64}$/;
/** A gift card's pin: letters and digits. */
const GIFT_CARD_PIN = /^[A-Za-z0-9]{1,16}$/;

/**
 * C§5: a gift card's code or pin as typed, with every space removed (printed cards group their
 * digits) and trimmed. The same rule as `normalizeGiftCardValue`, which the checkout uses.
 */
export const normalizeGiftCardInput: (value: string) => string = normalizeGiftCardValue;

function giftCardField(required: string, invalid: string, pattern: RegExp) {
  return z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const normalized = normalizeGiftCardInput(value);
      return normalized === "" ? undefined : normalized;
    },
    z.string({ error: required }).min(1, { error: required }).regex(pattern, { error: invalid }),
  );
}

/**
 * Apply a promo code. C§5: an empty code does nothing, so a blank field is not an error:
 * `discountCode` is then `undefined` and the storefront answers with the cart as it is.
 */
export const applyDiscountSchema = z.object({
  intent: z.literal("apply-discount"),
  discountCode: formText(
    z
      .string()
      .trim()
      .max(MAX_DISCOUNT_CODE_LENGTH, { error: VOUCHER_MESSAGES.discountCodeTooLong })
      .optional(),
  ),
  redirectTo: redirectToSchema,
});

/** Take an applied code off the cart. */
export const removeDiscountSchema = z.object({
  intent: z.literal("remove-discount"),
  code: requiredId(),
  redirectTo: redirectToSchema,
});

/** C§5: save a gift card for checkout; code and pin both required, spaces removed. */
export const saveGiftCardSchema = z.object({
  intent: z.literal("save-gift-card"),
  giftCardCode: giftCardField(
    VOUCHER_MESSAGES.giftCardCodeRequired,
    VOUCHER_MESSAGES.giftCardCodeInvalid,
    GIFT_CARD_CODE,
  ),
  giftCardPin: giftCardField(
    VOUCHER_MESSAGES.giftCardPinRequired,
    VOUCHER_MESSAGES.giftCardPinInvalid,
    GIFT_CARD_PIN,
  ),
  redirectTo: redirectToSchema,
});

/** Forget a saved gift card (by its full code). */
export const removeGiftCardSchema = z.object({
  intent: z.literal("remove-gift-card"),
  giftCardCode: requiredId(),
  redirectTo: redirectToSchema,
});

/** Every voucher-panel form, told apart by `intent`. */
export const voucherSchema = z.discriminatedUnion(
  "intent",
  [applyDiscountSchema, removeDiscountSchema, saveGiftCardSchema, removeGiftCardSchema],
  { error: M.invalid },
);

export type VoucherFormInput = z.input<typeof voucherSchema>;
export type VoucherForm = z.output<typeof voucherSchema>;
export type ApplyDiscountForm = z.output<typeof applyDiscountSchema>;
export type RemoveDiscountForm = z.output<typeof removeDiscountSchema>;
export type SaveGiftCardForm = z.output<typeof saveGiftCardSchema>;
export type RemoveGiftCardForm = z.output<typeof removeGiftCardSchema>;

/**
 * C§8: a discount message is translated as `Title|Body`; the inline alert shows the part before the
 * first `|` as its title and the rest as its text. Without a `|` the whole text is the title.
 */
export function splitDiscountMessage(text: string): { title: string; body: string } {
  const at = text.indexOf("|");
  if (at === -1) return { title: text.trim(), body: "" };
  return { title: text.slice(0, at).trim(), body: text.slice(at + 1).trim() };
}
