import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import type { UserRow } from "../../db/schema.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { ACCESS_TOKEN_LIFETIME_SECONDS, signAccessToken } from "./access-token.js";
import { ACCOUNT_DETAILS } from "./account-details.js";
import { emailLookupField } from "./account-fields.js";
import { issueToken } from "./account-tokens.js";
import {
  clearAccountFailures,
  type LoginLimits,
  type LoginSource,
  loginBlockedFor,
  recordFailedLogin,
} from "./login-rate-limit.js";
import { verifyPassword } from "./password-hash.js";
import { PASSWORD_MAX_LENGTH } from "./password-rule.js";
import { findUserByEmail, type LoginUserReply, loginUserReply } from "./users.js";

/**
 * `POST /enad/login/ {email, password}`. No password rule here: a password that breaks today's
 * rule is simply wrong, and answering otherwise would tell a guesser something.
 */
export const loginBody = z.object({
  email: emailLookupField,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

/** `TokenPair` of the wire contract. */
export interface TokenPairReply {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** `LoginResult` of the wire contract. */
export interface LoginResultReply extends TokenPairReply {
  user: LoginUserReply;
}

export interface LoginContext {
  db: Database;
  secret: string;
  limits: LoginLimits;
  now: Date;
}

/** A new access token and a new refresh token (stored hashed) for the user. */
export async function issueTokenPair(
  db: Database,
  user: UserRow,
  secret: string,
  now: Date,
): Promise<TokenPairReply> {
  return {
    access_token: await signAccessToken(user.id, secret, now),
    refresh_token: await issueToken(db, user.id, "refresh", now),
    expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
  };
}

/**
 * Checks, in order: the rate limit (429), the account (404; deleted accounts are not found), the
 * password (401), the verified email (403) and the status (403). Unknown addresses and wrong
 * passwords count as failures; a right password never does, even for an account that cannot log
 * in yet. Only a successful login clears the account's count.
 */
export async function logIn(
  { db, secret, limits, now }: LoginContext,
  input: z.output<typeof loginBody>,
  address: string | undefined,
): Promise<LoginResultReply> {
  const source: LoginSource = { email: input.email, address };
  const waitSeconds = await loginBlockedFor(db, source, limits, now);
  if (waitSeconds !== null) {
    throw new BusinessFailure(429, ACCOUNT_DETAILS.tooManyAttempts, {
      retryAfterSeconds: waitSeconds,
    });
  }

  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await recordFailedLogin(db, source, limits, now);
    throw new BusinessFailure(404, ACCOUNT_DETAILS.userNotFound);
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    await recordFailedLogin(db, source, limits, now);
    throw new BusinessFailure(401, ACCOUNT_DETAILS.invalidPassword);
  }
  // No mail here: the storefront asks for a new verification link itself (A§8).
  if (!user.emailVerified) throw new BusinessFailure(403, ACCOUNT_DETAILS.emailNotVerified);
  if (user.status === "pending") throw new BusinessFailure(403, ACCOUNT_DETAILS.userPending);

  await clearAccountFailures(db, input.email);
  return {
    ...(await issueTokenPair(db, user, secret, now)),
    user: await loginUserReply(db, user),
  };
}
