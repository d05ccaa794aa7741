import { createMiddleware } from "hono/factory";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import { unauthorized } from "../../http/http-error.js";
import { verifySessionToken } from "./session-token.js";
import { assertCurrentTokenGeneration } from "./sessions.js";

/**
 * Reads `Authorization: Bearer <session token>`; answers 401 when it is missing, invalid, or of a
 * generation its session has rotated away from (issue 38).
 */
export function requireSession(db: Database, sessionSecret: string, clock: Clock) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw unauthorized("A session token is required (Authorization: Bearer)");
    const claims = await verifySessionToken(match[1], sessionSecret, clock());
    await assertCurrentTokenGeneration(db, claims.sessionId, claims.generation);
    c.set("session", claims);
    await next();
  });
}

/** The raw bearer token of the request (already verified by {@link requireSession}). */
export function bearerToken(authorization: string | undefined): string {
  return /^Bearer\s+(\S+)/i.exec(authorization ?? "")?.[1] ?? "";
}
