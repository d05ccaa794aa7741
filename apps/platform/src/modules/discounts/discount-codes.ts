import type { Cart, DiscountCodeError } from "@kassa/api-client";
import { eq } from "drizzle-orm";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import { discountCodes, shopperSessions } from "../../db/schema.js";
import { HttpError } from "../../http/http-error.js";
import { type CartChange, changeCart } from "../shopper/cart.js";
import { pricedLinesOf } from "../shopper/priced-lines.js";
import { discountContextOf, discountLinesOf } from "./cart-discounts.js";
import { discountCodeProblem } from "./discount-rules.js";

/** Longest code the platform takes; codes are short words people type. */
export const MAX_DISCOUNT_CODE_LENGTH = 64;

/** Codes one cart may hold at once, so a session row stays small. */
export const MAX_DISCOUNT_CODES_PER_CART = 10;

/** `POST /shopper/sessions/discount-codes`: blank, missing or too long answers 400 BAD_REQUEST. */
export const addDiscountCodeBody = z.object({
  discountCode: z.string().trim().min(1).max(MAX_DISCOUNT_CODE_LENGTH),
});

/** Codes are stored in upper case and matched without regard to case or surrounding spaces. */
export function normaliseDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The HTTP status each refusal answers with (C§8 codes as `error`). */
const STATUS_OF: Record<DiscountCodeError, ContentfulStatusCode> = {
  MISSING_DISCOUNT_CODE: 404,
  CONDITION_DISCOUNT_CODE: 422,
  CONDITION_DISCOUNT_EXTERNAL: 422,
  EXPIRED_DISCOUNT_CODE: 400,
  ALREADY_ADDED_DISCOUNT_CODE: 409,
  INACTIVE_DISCOUNT_CODE: 400,
  BAD_REQUEST: 400,
};

const MESSAGE_OF: Record<DiscountCodeError, (code: string) => string> = {
  MISSING_DISCOUNT_CODE: (code) => `There is no discount code ${code}`,
  CONDITION_DISCOUNT_CODE: (code) => `The cart does not meet the conditions of ${code}`,
  CONDITION_DISCOUNT_EXTERNAL: (code) => `${code} needs an approval this shop cannot give`,
  EXPIRED_DISCOUNT_CODE: (code) => `${code} is outside its validity period`,
  ALREADY_ADDED_DISCOUNT_CODE: (code) => `${code} is already on the cart`,
  INACTIVE_DISCOUNT_CODE: (code) => `${code} is inactive`,
  BAD_REQUEST: () => "Bad request",
};

/** A refused discount code: the platform error body with `error` one of C§8's codes. */
export function discountCodeRefusal(error: DiscountCodeError, code: string): HttpError {
  return new HttpError(STATUS_OF[error], error, MESSAGE_OF[error](code));
}

/** Stores a session's codes; `changeCart` then bumps the revision and answers the cart. */
async function storeCodes(tx: Database, sessionId: string, codes: { code: string }[]) {
  await tx
    .update(shopperSessions)
    .set({ discountCodes: codes })
    .where(eq(shopperSessions.id, sessionId));
}

/**
 * Adds a code to the session's cart (C§4): it must exist, not be on the cart already, and be
 * usable on the cart as it is now (active, within its validity window, no outside approval
 * needed, the cart conditions met). A refusal leaves the cart and its revision as they were.
 */
export async function addDiscountCode(
  db: Database,
  sessionId: string,
  discountCode: string,
  context: CartChange,
): Promise<Cart> {
  const code = normaliseDiscountCode(discountCode);
  return changeCart(db, sessionId, context, async (tx, session) => {
    const [rule] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code));
    if (!rule) throw discountCodeRefusal("MISSING_DISCOUNT_CODE", code);
    if (session.discountCodes.some((entry) => normaliseDiscountCode(entry.code) === code)) {
      throw discountCodeRefusal("ALREADY_ADDED_DISCOUNT_CODE", code);
    }
    const problem = discountCodeProblem(
      rule,
      discountLinesOf(await pricedLinesOf(tx, session)),
      discountContextOf(session, context.now),
    );
    if (problem) throw discountCodeRefusal(problem, code);
    if (session.discountCodes.length >= MAX_DISCOUNT_CODES_PER_CART) {
      throw new HttpError(
        422,
        "CONDITION_DISCOUNT_CODE",
        `A cart holds at most ${MAX_DISCOUNT_CODES_PER_CART} discount codes`,
      );
    }
    await storeCodes(tx, session.id, [...session.discountCodes, { code: rule.code }]);
    return undefined;
  });
}

/** Takes a code off the session's cart; a code that is not on it answers 404. */
export async function removeDiscountCode(
  db: Database,
  sessionId: string,
  discountCode: string,
  context: CartChange,
): Promise<Cart> {
  const code = normaliseDiscountCode(discountCode);
  return changeCart(db, sessionId, context, async (tx, session) => {
    const kept = session.discountCodes.filter(
      (entry) => normaliseDiscountCode(entry.code) !== code,
    );
    if (kept.length === session.discountCodes.length) {
      throw discountCodeRefusal("MISSING_DISCOUNT_CODE", code);
    }
    await storeCodes(tx, session.id, kept);
    return undefined;
  });
}
