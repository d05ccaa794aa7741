import type { ManagementScope } from "@kassa/api-client";
import { createMiddleware } from "hono/factory";
import type { Clock } from "../../clock.js";
import type { AppEnv } from "../../http/app-env.js";
import { HttpError } from "../../http/http-error.js";
import type { OAuthClient } from "./oauth-clients.js";
import { verifyOAuthToken } from "./oauth-token.js";

/**
 * Guards a management route (RFC 6750): a missing, malformed, expired or foreign bearer token, or
 * the token of a client that is no longer configured, answers 401 with `WWW-Authenticate: Bearer
 * error="invalid_token"`; a valid token without `scope`, or whose client is no longer configured
 * with `scope` (the configuration of now, not of when the token was issued), answers 403
 * `insufficient_scope`. The client's id is then `c.get("oauthClient")`.
 */
export function requireOAuth(
  scope: ManagementScope,
  { secret, clock, clients }: { secret: string; clock: Clock; clients: readonly OAuthClient[] },
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const subject = token ? await verifyOAuthToken(token, secret, clock()) : null;
    const client = subject && clients.find((known) => known.id === subject.clientId);
    if (!subject || !client) {
      throw new HttpError(401, "UNAUTHORIZED", "A valid management access token is required", {
        wwwAuthenticate: 'Bearer realm="kassa-management", error="invalid_token"',
      });
    }
    // A scope counts while the token carries it *and* the client is still configured with it: a
    // scope taken from the client in KASSA_OAUTH_CLIENTS is gone at the next call, not when the
    // tokens issued before expire.
    if (!subject.scopes.includes(scope) || !client.scopes.includes(scope)) {
      throw new HttpError(403, "insufficient_scope", `The token lacks the scope ${scope}`, {
        wwwAuthenticate: `Bearer realm="kassa-management", error="insufficient_scope", scope="${scope}"`,
      });
    }
    c.set("oauthClient", subject.clientId);
    c.header("Cache-Control", "no-store");
    await next();
  });
}
