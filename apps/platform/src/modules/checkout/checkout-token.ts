import { sign, verify } from "hono/jwt";
import { unauthorized } from "../../http/http-error.js";

/** A checkout token lives as long as the `checkoutToken` cookie that carries it (C§9: 2 days). */
export const CHECKOUT_TOKEN_LIFETIME_SECONDS = 172_800;

/** What a checkout token names: the checkout, and the shopper session whose cart it froze. */
export interface CheckoutClaims {
  checkoutId: string;
  sessionId: string;
  /** The session's token generation when the checkout started (issue 38); none before it: 0. */
  generation: number;
}

// Names the kind of token, so a session token cannot pass for a checkout token and back.
const TOKEN_TYPE = "shopper-checkout";

export async function signCheckoutToken(
  claims: CheckoutClaims,
  secret: string,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return sign(
    {
      sub: claims.checkoutId,
      sid: claims.sessionId,
      gen: claims.generation,
      typ: TOKEN_TYPE,
      iat: issuedAt,
      exp: issuedAt + CHECKOUT_TOKEN_LIFETIME_SECONDS,
    },
    secret,
    "HS256",
  );
}

/** The claims of a valid, unexpired checkout token (by the platform's clock); 401 otherwise. */
export async function verifyCheckoutToken(
  token: string,
  secret: string,
  now: Date,
): Promise<CheckoutClaims> {
  let payload: Record<string, unknown>;
  try {
    payload = await verify(token, secret, { alg: "HS256", exp: false, iat: false, nbf: false });
  } catch {
    throw unauthorized("The checkout token is invalid or has expired");
  }
  const { sub, sid, typ, exp, gen = 0 } = payload;
  if (typeof exp !== "number" || exp * 1000 <= now.getTime()) {
    throw unauthorized("The checkout token is invalid or has expired");
  }
  if (
    typ !== TOKEN_TYPE ||
    typeof sub !== "string" ||
    typeof sid !== "string" ||
    !Number.isSafeInteger(gen) ||
    (gen as number) < 0
  ) {
    throw unauthorized("The token is not a checkout token");
  }
  return { checkoutId: sub, sessionId: sid, generation: gen as number };
}
