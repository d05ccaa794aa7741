import { loginSchema, VALIDATION_MESSAGES } from "@kassa/domain";
import { z } from "zod";

/**
 * The posts of `/login` (A§2), told apart by `intent` as the cart's are: a plain login, or a login
 * that first confirms the address of a verification link followed in another browser, with the
 * signup's password (docs/decisions/0008-unconfirmed-signups.md). Both are the login form of
 * `@kassa/domain`; the action and the form (through conform) parse with {@link loginIntents}.
 */

/** Log in with email and password. */
export const logInSchema = loginSchema.extend({ intent: z.literal("log-in") });

/** Confirm the address of the link (`confirmToken`) with the password, then log in with it. */
export const confirmEmailSchema = loginSchema.extend({
  intent: z.literal("confirm-email"),
  confirmToken: z
    .string({ error: VALIDATION_MESSAGES.accountTokenRequired })
    .min(1, { error: VALIDATION_MESSAGES.accountTokenRequired }),
});

export const loginIntents = z.discriminatedUnion("intent", [logInSchema, confirmEmailSchema], {
  error: VALIDATION_MESSAGES.invalid,
});
