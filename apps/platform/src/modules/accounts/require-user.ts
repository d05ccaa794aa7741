import { ACCOUNT_DETAILS } from "@kassa/api-client";
import { createMiddleware } from "hono/factory";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { verifyAccessToken } from "./access-token.js";
import { findUserById } from "./users.js";

/**
 * Reads `Authorization: Bearer <access token>` and loads its user. A missing, malformed, expired or
 * foreign token, the token of a deleted account, and one signed before the account's sessions were
 * ended (a password reset: its token version is older) all answer 401 `Unauthorized`. Every handler
 * after it acts on `c.get("user")` only, never on an id from the body, so one account's token can
 * never read or change another account.
 */
export function requireUser(db: Database, secret: string, clock: Clock) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const subject = token ? await verifyAccessToken(token, secret, clock()) : null;
    const user = subject ? await findUserById(db, subject.userId) : undefined;
    if (!user?.emailVerified || user.tokenVersion !== subject?.version) {
      throw new BusinessFailure(401, ACCOUNT_DETAILS.unauthorized);
    }
    c.set("user", user);
    await next();
  });
}
