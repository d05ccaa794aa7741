import { createMiddleware } from "hono/factory";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { verifyAccessToken } from "./access-token.js";
import { ACCOUNT_DETAILS } from "./account-details.js";
import { findUserById } from "./users.js";

/**
 * Reads `Authorization: Bearer <access token>` and loads its user. A missing, malformed, expired or
 * foreign token, and the token of a deleted account, all answer 401 `Unauthorized`. Every handler
 * after it acts on `c.get("user")` only, never on an id from the body, so one account's token can
 * never read or change another account.
 */
export function requireUser(db: Database, secret: string, clock: Clock) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const userId = token ? await verifyAccessToken(token, secret, clock()) : null;
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user) throw new BusinessFailure(401, ACCOUNT_DETAILS.unauthorized);
    c.set("user", user);
    await next();
  });
}
