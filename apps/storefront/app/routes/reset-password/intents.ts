import { forgotPasswordSchema, newPasswordSchema, VALIDATION_MESSAGES } from "@kassa/domain";
import { z } from "zod";

/**
 * The posts of `/reset-password/` (A§2), told apart by `intent` as the cart's are: each is a form
 * schema of `@kassa/domain` with its `intent`. The route's action and its forms (through conform)
 * parse with {@link resetPasswordIntents}.
 */

/** Ask for a reset link: the forgot-password form, and "send again" on its answers. */
export const requestResetSchema = forgotPasswordSchema.extend({
  intent: z.literal("request-reset"),
});

/** Send the verification link again (the answer to an address that is not confirmed yet). */
export const resendVerificationSchema = forgotPasswordSchema.extend({
  intent: z.literal("resend-verification"),
});

/**
 * Choose a new password. The link's token is not a field: it stays in the page's cookie, out of
 * the page (ADR 0050), and the action adds it.
 */
export const setPasswordSchema = newPasswordSchema.safeExtend({
  intent: z.literal("set-password"),
});

export const resetPasswordIntents = z.discriminatedUnion(
  "intent",
  [requestResetSchema, resendVerificationSchema, setPasswordSchema],
  { error: VALIDATION_MESSAGES.invalid },
);

export type ResetPasswordIntent = z.output<typeof resetPasswordIntents>["intent"];
export type SetPasswordForm = z.output<typeof setPasswordSchema>;
