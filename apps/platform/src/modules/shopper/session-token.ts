import { sign, verify } from "hono/jwt";
import { unauthorized } from "../../http/http-error.js";

/** Shopper session tokens live as long as the cartToken cookie that carries them (C§9: 30 days). */
export const SESSION_TOKEN_LIFETIME_SECONDS = 2_592_000;

/** What a session token says; the session row stays the source of truth for the cart itself. */
export interface SessionClaims {
  sessionId: string;
  storeGroupId: string;
  countryCode: string;
  currencyCode: string;
  languageCode: string;
  isTaxIncludedInPrice: boolean;
  /**
   * The session's token generation the token was signed for (issue 38): a token of an earlier
   * generation is refused once the session was rotated. Tokens from before it carry none: 0.
   */
  generation: number;
}

const TOKEN_TYPE = "shopper-session";

export async function signSessionToken(
  claims: SessionClaims,
  secret: string,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return sign(
    {
      sub: claims.sessionId,
      // Names the kind of token, so a later checkout token cannot pass for a session token.
      typ: TOKEN_TYPE,
      storeGroupId: claims.storeGroupId,
      countryCode: claims.countryCode,
      currencyCode: claims.currencyCode,
      languageCode: claims.languageCode,
      isTaxIncludedInPrice: claims.isTaxIncludedInPrice,
      gen: claims.generation,
      iat: issuedAt,
      exp: issuedAt + SESSION_TOKEN_LIFETIME_SECONDS,
    },
    secret,
    "HS256",
  );
}

/**
 * The claims of a valid token signed with `secret` and unexpired at `now`; 401 otherwise. Expiry
 * is checked against the platform's clock rather than by hono/jwt, so that tests can move time.
 */
export async function verifySessionToken(
  token: string,
  secret: string,
  now: Date,
): Promise<SessionClaims> {
  let payload: Record<string, unknown>;
  try {
    payload = await verify(token, secret, { alg: "HS256", exp: false, iat: false, nbf: false });
  } catch {
    throw unauthorized("The session token is invalid or has expired");
  }
  const {
    sub,
    typ,
    exp,
    storeGroupId,
    countryCode,
    currencyCode,
    languageCode,
    isTaxIncludedInPrice,
    gen = 0,
  } = payload;
  if (typeof exp !== "number" || exp * 1000 <= now.getTime()) {
    throw unauthorized("The session token is invalid or has expired");
  }
  if (
    typ !== TOKEN_TYPE ||
    typeof sub !== "string" ||
    typeof storeGroupId !== "string" ||
    typeof countryCode !== "string" ||
    typeof currencyCode !== "string" ||
    typeof languageCode !== "string" ||
    typeof isTaxIncludedInPrice !== "boolean" ||
    !Number.isSafeInteger(gen) ||
    (gen as number) < 0
  ) {
    throw unauthorized("The session token is not a shopper session token");
  }
  return {
    sessionId: sub,
    storeGroupId,
    countryCode,
    currencyCode,
    languageCode,
    isTaxIncludedInPrice,
    generation: gen as number,
  };
}
