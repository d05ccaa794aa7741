import { z } from "zod";
import { formText, requiredId, requiredText } from "../forms/form-values.js";

/**
 * The forms of an order page's decisions (C§2 action dialogs), told apart by `intent`. Messages are
 * translation keys (`validation.*`, `orders.*` of `@kassa/i18n`).
 */

/** The longest note (decline reason, change request) the platform keeps. */
export const MAX_ORDER_NOTE_LENGTH = 2000;

export const ORDER_DECISION_MESSAGES = {
  /** Request change: the text is empty (a change request is its text). */
  changeRequired: "orders.validation.changeRequired",
  /** A reason or change request longer than {@link MAX_ORDER_NOTE_LENGTH}. */
  noteTooLong: "orders.validation.noteTooLong",
} as const;

const note = z
  .string()
  .trim()
  .max(MAX_ORDER_NOTE_LENGTH, { error: ORDER_DECISION_MESSAGES.noteTooLong });

export const approveOrderSchema = z.object({
  intent: z.literal("approve"),
  orderId: requiredId(),
});

/** C§4: an empty reason is allowed and sends no note. */
export const declineOrderSchema = z.object({
  intent: z.literal("decline"),
  orderId: requiredId(),
  reason: formText(note.optional()),
});

export const requestOrderChangeSchema = z.object({
  intent: z.literal("request-change"),
  orderId: requiredId(),
  change: requiredText(ORDER_DECISION_MESSAGES.changeRequired).max(MAX_ORDER_NOTE_LENGTH, {
    error: ORDER_DECISION_MESSAGES.noteTooLong,
  }),
});

/** Every decision form of the order page; the action parses with it. */
export const orderDecisionSchema = z.discriminatedUnion("intent", [
  approveOrderSchema,
  declineOrderSchema,
  requestOrderChangeSchema,
]);

export type OrderDecisionForm = z.output<typeof orderDecisionSchema>;
export type DeclineOrderForm = z.output<typeof declineOrderSchema>;
export type RequestOrderChangeForm = z.output<typeof requestOrderChangeSchema>;
