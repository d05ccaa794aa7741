import { sign, verify } from "hono/jwt";

/** Access tokens are short-lived; the refresh token (30 days, rotating) keeps a login alive. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

/** Names the kind of token, so a shopper session token can never pass for an access token. */
const TOKEN_TYPE = "access";

/** An HS256 JWT naming the user: `{sub, typ: "access", iat, exp}`. */
export async function signAccessToken(userId: string, secret: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return sign(
    { sub: userId, typ: TOKEN_TYPE, iat: issuedAt, exp: issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS },
    secret,
    "HS256",
  );
}

/**
 * The user id of a valid access token, or null. Expiry is checked against the platform's clock
 * rather than by hono/jwt, so that tests can move time forward.
 */
export async function verifyAccessToken(
  token: string,
  secret: string,
  now: Date,
): Promise<string | null> {
  let payload: Record<string, unknown>;
  try {
    payload = await verify(token, secret, { alg: "HS256", exp: false, iat: false, nbf: false });
  } catch {
    return null;
  }
  const { sub, typ, exp } = payload;
  if (typ !== TOKEN_TYPE || typeof sub !== "string" || typeof exp !== "number") return null;
  if (exp * 1000 <= now.getTime()) return null;
  return sub;
}
