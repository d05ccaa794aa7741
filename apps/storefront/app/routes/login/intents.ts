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

/**
 * Confirm the address of the verification link with the password, then log in with it. The link's
 * token is no field: it waits in the page's cookie, out of the page (ADR 0050).
 */
export const confirmEmailSchema = loginSchema.extend({ intent: z.literal("confirm-email") });

export const loginIntents = z.discriminatedUnion("intent", [logInSchema, confirmEmailSchema], {
  error: VALIDATION_MESSAGES.invalid,
});
