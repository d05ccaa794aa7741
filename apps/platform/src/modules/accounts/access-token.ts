import { sign, verify } from "hono/jwt";

/** Access tokens are short-lived; the refresh token (30 days, rotating) keeps a login alive. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

/** Names the kind of token, so a shopper session token can never pass for an access token. */
const TOKEN_TYPE = "access";

/** Who an access token speaks for: the user, and the user's token version when it was signed. */
export interface AccessTokenSubject {
  userId: string;
  /** Compared with the user's `tokenVersion`: a reset or a deletion raises it, ending the token. */
  version: number;
}

/** An HS256 JWT naming the user: `{sub, ver, typ: "access", iat, exp}`. */
export async function signAccessToken(
  { userId, version }: AccessTokenSubject,
  secret: string,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return sign(
    {
      sub: userId,
      ver: version,
      typ: TOKEN_TYPE,
      iat: issuedAt,
      exp: issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS,
    },
    secret,
    "HS256",
  );
}

/**
 * The subject of a valid access token, or null. Expiry is checked against the platform's clock
 * rather than by hono/jwt, so that tests can move time forward. Whether the version is still the
 * user's is the caller's check (it needs the user row).
 */
export async function verifyAccessToken(
  token: string,
  secret: string,
  now: Date,
): Promise<AccessTokenSubject | null> {
  let payload: Record<string, unknown>;
  try {
    payload = await verify(token, secret, { alg: "HS256", exp: false, iat: false, nbf: false });
  } catch {
    return null;
  }
  const { sub, ver, typ, exp } = payload;
  if (typ !== TOKEN_TYPE || typeof sub !== "string" || typeof exp !== "number") return null;
  if (typeof ver !== "number" || !Number.isInteger(ver)) return null;
  if (exp * 1000 <= now.getTime()) return null;
  return { userId: sub, version: ver };
}
