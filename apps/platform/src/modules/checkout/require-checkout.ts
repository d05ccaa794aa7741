import { createMiddleware } from "hono/factory";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import { unauthorized } from "../../http/http-error.js";
import { assertCurrentTokenGeneration } from "../shopper/sessions.js";
import { verifyCheckoutToken } from "./checkout-token.js";

/**
 * Reads `Authorization: Bearer <checkout token>`; answers 401 when it is missing, invalid, or made
 * from a session token its session has rotated away from (issue 38).
 */
export function requireCheckout(db: Database, sessionSecret: string, clock: Clock) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
    if (!match?.[1]) throw unauthorized("A checkout token is required (Authorization: Bearer)");
    const claims = await verifyCheckoutToken(match[1], sessionSecret, clock());
    await assertCurrentTokenGeneration(db, claims.sessionId, claims.generation);
    c.set("checkout", claims);
    await next();
  });
}
