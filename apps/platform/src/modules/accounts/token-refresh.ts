import { ACCOUNT_DETAILS, type TokenPair } from "@kassa/api-client";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { tokenField } from "./account-fields.js";
import { spendToken } from "./account-tokens.js";
import { issueTokenPair } from "./login.js";
import { findUserById } from "./users.js";

export const refreshTokenBody = z.object({ refresh_token: tokenField });

/**
 * `POST /enad/refresh-token/`: a new access token and a new refresh token. Refresh tokens rotate:
 * the one presented is spent, so a stolen copy is good for one use at most, and it stops working
 * as soon as either party uses it. Unknown, spent and expired tokens all answer 401.
 */
export async function refreshTokens(
  db: Database,
  refreshToken: string,
  secret: string,
  now: Date,
): Promise<TokenPair> {
  return db.transaction(async (tx) => {
    const spent = await spendToken(tx, "refresh", refreshToken, now);
    const user = spent.status === "valid" ? await findUserById(tx, spent.token.userId) : undefined;
    if (!user) throw new BusinessFailure(401, ACCOUNT_DETAILS.unauthorized);
    return issueTokenPair(tx, user, secret, now);
  });
}

/**
 * `POST /enad/logout/`: spends the refresh token. Logging out answers the same whether or not the
 * token was still good: the client is logged out either way. The access token runs out by itself
 * within the hour; the storefront drops its cookie at once.
 */
export async function logOut(db: Database, refreshToken: string, now: Date): Promise<void> {
  await spendToken(db, "refresh", refreshToken, now);
}
