import { ACCOUNT_DETAILS } from "@kassa/api-client";
import { createMiddleware } from "hono/factory";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import type { UserRow } from "../../db/schema.js";
import type { AppEnv } from "../../http/app-env.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { verifyAccessToken } from "./access-token.js";
import { findUserById } from "./users.js";

/**
 * The user an access token speaks for, or null: a malformed, expired or foreign token, the token
 * of an unverified or deleted account, and one signed before the account's sessions were ended
 * (its token version is older) all give null. `requireUser` and every call that is handed a user's
 * token in a body (`PUT /shopper/sessions/customer`) decide with this one check.
 */
export async function userOfAccessToken(
  db: Database,
  token: string | undefined,
  secret: string,
  now: Date,
): Promise<UserRow | null> {
  const subject = token ? await verifyAccessToken(token, secret, now) : null;
  const user = subject ? await findUserById(db, subject.userId) : undefined;
  if (!user?.emailVerified || user.tokenVersion !== subject?.version) return null;
  return user;
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];
}

/**
 * Reads `Authorization: Bearer <access token>` and loads its user. A missing, malformed, expired or
 * foreign token, the token of a deleted account, and one signed before the account's sessions were
 * ended (a password reset: its token version is older) all answer 401 `Unauthorized`. Every handler
 * after it acts on `c.get("user")` only, never on an id from the body, so one account's token can
 * never read or change another account.
 */
export function requireUser(db: Database, secret: string, clock: Clock) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerTokenOf(c.req.header("authorization"));
    const user = await userOfAccessToken(db, token, secret, clock());
    if (!user) throw new BusinessFailure(401, ACCOUNT_DETAILS.unauthorized);
    c.set("user", user);
    await next();
  });
}
