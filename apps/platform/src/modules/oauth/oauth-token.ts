import { sign, verify } from "hono/jwt";

/** Names the kind of token, so an account access token or a shopper token never passes as one. */
const TOKEN_TYPE = "oauth";

/** Who a management access token speaks for: an OAuth client and the scopes it was granted. */
export interface OAuthTokenSubject {
  clientId: string;
  scopes: string[];
}

/** An HS256 JWT: `{sub: clientId, scope, typ: "oauth", iat, exp}`. */
export async function signOAuthToken(
  { clientId, scopes }: OAuthTokenSubject,
  secret: string,
  now: Date,
  lifetimeSeconds: number,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return sign(
    {
      sub: clientId,
      scope: scopes.join(" "),
      typ: TOKEN_TYPE,
      iat: issuedAt,
      exp: issuedAt + lifetimeSeconds,
    },
    secret,
    "HS256",
  );
}

/**
 * The subject of a valid management token, or null. Expiry is judged by the platform's clock (so
 * tests can move time); whether the client still exists is the caller's check.
 */
export async function verifyOAuthToken(
  token: string,
  secret: string,
  now: Date,
): Promise<OAuthTokenSubject | null> {
  let payload: Record<string, unknown>;
  try {
    payload = await verify(token, secret, { alg: "HS256", exp: false, iat: false, nbf: false });
  } catch {
    return null;
  }
  const { sub, scope, typ, exp } = payload;
  if (typ !== TOKEN_TYPE || typeof sub !== "string" || typeof scope !== "string") return null;
  if (typeof exp !== "number" || exp * 1000 <= now.getTime()) return null;
  return { clientId: sub, scopes: scope.split(" ").filter(Boolean) };
}
