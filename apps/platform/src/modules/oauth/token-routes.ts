import { timingSafeEqual } from "node:crypto";
import type { OAuthErrorReply, OAuthTokenReply } from "@kassa/api-client";
import type { Context } from "hono";
import { Hono } from "hono";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import type { ClientAddress } from "../../http/client-address.js";
import { forgetHits, type RateLimit, takeHit } from "../rate-limits/rate-limit.js";
import type { OAuthClient } from "./oauth-clients.js";
import { signOAuthToken } from "./oauth-token.js";

interface Deps {
  db: Database;
  clock: Clock;
  secret: string;
  clients: readonly OAuthClient[];
  tokenSeconds: number;
  clientAddress: ClientAddress;
}

/**
 * Failed authentications before the endpoint refuses for a while, counted per client id *and*
 * client address, and per address over all clients: a secret cannot be guessed, and a right
 * secret is never a failure. Counting per client alone let anyone lock the back office out with
 * ten bad secrets (issue 28); now a stranger's failures stop only the stranger. The looser limit per
 * address keeps one address from trying ten secrets on each of many clients.
 */
export const OAUTH_CLIENT_ATTEMPTS = {
  perClientAndAddress: 10,
  perAddress: 30,
  windowMs: 15 * 60_000,
};

/**
 * The address callers share when the nearest trusted proxy names none (`clientAddress` answers
 * undefined): the back office calling from the trusted network itself, or a proxy that forwards
 * no `X-Forwarded-For`. They are counted together, never not at all.
 */
const UNNAMED_ADDRESS = "trusted-network";

/** The limits one attempt is counted against. */
function attemptLimits(clientId: string, address: string): RateLimit[] {
  const { perClientAndAddress, perAddress, windowMs } = OAUTH_CLIENT_ATTEMPTS;
  return [
    { key: `oauth-client:${clientId}:${address}`, limit: perClientAndAddress, windowMs },
    { key: `oauth-address:${address}`, limit: perAddress, windowMs },
  ];
}

/** Form bodies are small; anything bigger is not a token request. */
const MAX_FORM_BYTES = 4096;

function oauthError(
  c: Context<AppEnv>,
  status: 400 | 401 | 429,
  error: OAuthErrorReply["error"] | "too_many_requests",
  description: string,
) {
  c.header("Cache-Control", "no-store");
  if (status === 401) c.header("WWW-Authenticate", 'Basic realm="kassa-management"');
  return c.json({ error, error_description: description }, status);
}

/** `id:secret` of an `Authorization: Basic` header (RFC 6749 §2.3.1: each form-encoded). */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "")?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replaceAll("+", " ")),
      secret: decodeURIComponent(decoded.slice(colon + 1).replaceAll("+", " ")),
    };
  } catch {
    return null;
  }
}

/** Compares secrets in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `POST /oauth2/token` (RFC 6749 §4.4, platform contract): client credentials, by HTTP Basic or
 * in the form; `scope` narrows the client's scopes. Answers a short-lived bearer token for the
 * management API. Errors are RFC 6749 §5.2 bodies, never the platform's error body.
 */
export function oauthTokenRoutes({
  db,
  clock,
  secret,
  clients,
  tokenSeconds,
  clientAddress,
}: Deps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.post("/token", async (c) => {
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") {
      return oauthError(
        c,
        400,
        "invalid_request",
        "The body must be application/x-www-form-urlencoded",
      );
    }
    const text = await c.req.text();
    if (text.length > MAX_FORM_BYTES)
      return oauthError(c, 400, "invalid_request", "The body is too large");
    const form = new URLSearchParams(text);
    for (const name of new Set(form.keys())) {
      if (form.getAll(name).length > 1) {
        return oauthError(c, 400, "invalid_request", `"${name}" is given more than once`);
      }
    }
    const basic = basicCredentials(c.req.header("authorization"));
    const inForm = form.has("client_id") || form.has("client_secret");
    if (basic && inForm) {
      return oauthError(
        c,
        400,
        "invalid_request",
        "Give the client's credentials one way, not two",
      );
    }
    const credentials = basic ?? {
      id: form.get("client_id") ?? "",
      secret: form.get("client_secret") ?? "",
    };
    if (!credentials.id)
      return oauthError(c, 401, "invalid_client", "Client authentication failed");

    // Counted before the secret is compared, as logins are: parallel guesses cannot slip through.
    const now = clock();
    const address = clientAddress(c) ?? UNNAMED_ADDRESS;
    const attempt = await takeHit(db, attemptLimits(credentials.id, address), now);
    if (!attempt.allowed) {
      c.header("Retry-After", String(attempt.retryAfterSeconds));
      return oauthError(c, 429, "too_many_requests", "Too many failed attempts; try again later");
    }
    const client = clients.find((candidate) => candidate.id === credentials.id);
    if (!client || !sameSecret(credentials.secret, client.secret)) {
      return oauthError(c, 401, "invalid_client", "Client authentication failed");
    }
    await forgetHits(db, attempt.hitIds);

    if (form.get("grant_type") !== "client_credentials") {
      return oauthError(c, 400, "unsupported_grant_type", "Only client_credentials is supported");
    }
    const asked = (form.get("scope") ?? "").split(" ").filter(Boolean);
    const missing = asked.filter((scope) => !client.scopes.includes(scope as never));
    if (missing.length > 0) {
      return oauthError(c, 400, "invalid_scope", `The client has no scope ${missing.join(", ")}`);
    }
    const scopes = asked.length > 0 ? asked : client.scopes;
    const token = await signOAuthToken({ clientId: client.id, scopes }, secret, now, tokenSeconds);
    c.header("Cache-Control", "no-store");
    c.header("Pragma", "no-cache");
    return c.json({
      access_token: token,
      token_type: "Bearer",
      expires_in: tokenSeconds,
      scope: scopes.join(" "),
    } satisfies OAuthTokenReply);
  });

  return app;
}
