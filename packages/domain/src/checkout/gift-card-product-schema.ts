import { z } from "zod";
import { isEmailAddress } from "../account/email.js";
import { formNumber, formText, ifNoIssueYet } from "../forms/form-values.js";
import { VALIDATION_MESSAGES as M } from "../forms/messages.js";

/**
 * The gift-card shop (`/presentkort`): a shopper buys a gift card mailed to someone else. The
 * amount is posted in whole crowns or euros; {@link giftCardProductSchema} turns it into the minor
 * units the platform takes (`POST /shopper-retain24/gift-card-products`). The action sets
 * `currency` from the shopper's market, never from the post. Messages are translation keys
 * (`giftCardShop.errors.*` of `@kassa/i18n`).
 */

/** The card designs the platform offers (`GIFT_CARD_TEMPLATE_IDS` of `@kassa/api-client`). */
export const GIFT_CARD_DESIGNS = ["classic", "birthday", "christmas"] as const;
export type GiftCardDesign = (typeof GIFT_CARD_DESIGNS)[number];

export type GiftCardCurrency = "SEK" | "EUR";

/** The amounts the platform loads, in whole units of the currency. */
export const GIFT_CARD_AMOUNT_RANGE: Record<GiftCardCurrency, { min: number; max: number }> = {
  SEK: { min: 100, max: 10_000 },
  EUR: { min: 10, max: 1_000 },
};

/** The amounts the shop offers, in whole units of the currency. */
export const GIFT_CARD_AMOUNT_CHOICES: Record<GiftCardCurrency, readonly number[]> = {
  SEK: [250, 500, 1_000],
  EUR: [25, 50, 100],
};

/** The longest sender name and message the platform takes. */
export const MAX_GIFT_CARD_SENDER_NAME_LENGTH = 100;
export const MAX_GIFT_CARD_MESSAGE_LENGTH = 200;

/** The translation keys the schema produces. */
export const GIFT_CARD_PRODUCT_MESSAGES = {
  amountRequired: "giftCardShop.errors.amountRequired",
  amountOutOfRange: "giftCardShop.errors.amountOutOfRange",
  designRequired: "giftCardShop.errors.designRequired",
  emailRequired: "giftCardShop.errors.emailRequired",
  emailInvalid: "giftCardShop.errors.emailInvalid",
  senderNameTooLong: "giftCardShop.errors.senderNameTooLong",
  messageTooLong: "giftCardShop.errors.messageTooLong",
} as const;

const E = GIFT_CARD_PRODUCT_MESSAGES;

export const giftCardProductSchema = z
  .object({
    currency: z.enum(["SEK", "EUR"], { error: M.invalid }),
    /** Whole crowns or euros. */
    amount: formNumber(
      z
        .number({
          error: (issue) => (issue.input === undefined ? E.amountRequired : E.amountOutOfRange),
        })
        .int({ error: E.amountOutOfRange }),
    ),
    templateId: z.enum(GIFT_CARD_DESIGNS, { error: E.designRequired }),
    receivingEmail: z
      .string({ error: E.emailRequired })
      .trim()
      .toLowerCase()
      .min(1, { error: E.emailRequired })
      .refine(isEmailAddress, { error: E.emailInvalid, ...ifNoIssueYet }),
    senderName: formText(
      z
        .string()
        .trim()
        .max(MAX_GIFT_CARD_SENDER_NAME_LENGTH, { error: E.senderNameTooLong })
        .optional(),
    ),
    message: formText(
      z.string().trim().max(MAX_GIFT_CARD_MESSAGE_LENGTH, { error: E.messageTooLong }).optional(),
    ),
  })
  .refine(
    ({ currency, amount }) => {
      const range = GIFT_CARD_AMOUNT_RANGE[currency];
      return amount >= range.min && amount <= range.max;
    },
    {
      path: ["amount"],
      error: E.amountOutOfRange,
      when: (payload) => {
        const value = payload.value as { currency?: unknown; amount?: unknown };
        return (
          (value.currency === "SEK" || value.currency === "EUR") &&
          typeof value.amount === "number" &&
          Number.isInteger(value.amount)
        );
      },
    },
  );

export type GiftCardProductFormInput = z.input<typeof giftCardProductSchema>;
export type GiftCardProductForm = z.output<typeof giftCardProductSchema>;

/** The amount to load, in minor units (öre, cents), as the platform takes it. */
export function giftCardAmountToLoad(form: Pick<GiftCardProductForm, "amount">): number {
  return form.amount * 100;
}
