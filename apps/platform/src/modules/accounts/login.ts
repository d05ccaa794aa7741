import { ACCOUNT_DETAILS, type LoginResult, type TokenPair } from "@kassa/api-client";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import { type UserRow, users } from "../../db/schema.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { forgetHits } from "../rate-limits/rate-limit.js";
import { ACCESS_TOKEN_LIFETIME_SECONDS, signAccessToken } from "./access-token.js";
import { emailLookupField } from "./account-fields.js";
import { issueToken, revokeTokens } from "./account-tokens.js";
import { clearAccountFailures, countLoginAttempt, type LoginLimits } from "./login-rate-limit.js";
import { hashPassword, needsRehash, verifyPassword } from "./password-hash.js";
import { PASSWORD_MAX_LENGTH } from "./password-rule.js";
import { signupWithPassword } from "./pending-signups.js";
import { findAccountByEmail, findPendingSignups, loginUserReply } from "./users.js";

/**
 * `POST /enad/login/ {email, password}`. No password rule here: a password that breaks today's
 * rule is simply wrong, and answering otherwise would tell a guesser something.
 */
export const loginBody = z.object({
  email: emailLookupField,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

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
): Promise<TokenPair> {
  return {
    access_token: await signAccessToken(
      { userId: user.id, version: user.tokenVersion },
      secret,
      now,
    ),
    refresh_token: await issueToken(db, user.id, "refresh", now),
    expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
  };
}

/**
 * Replaces a password hash made with older parameters (issue 28 raised scrypt's cost) by one made
 * now, while the password that just matched is at hand. Only if the stored hash is still the one
 * that was checked: a password changed in the meantime is not overwritten.
 */
async function upgradePasswordHash(
  db: Database,
  userId: string,
  checkedHash: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, checkedHash)));
}

/**
 * Answers, in order: the rate limit (429), the account (404; deleted accounts are not found), the
 * password (401), the verified email (403) and the status (403).
 *
 * Every attempt is counted against the account and the client's address before its password is
 * checked, in one locked step, so parallel guesses cannot slip past the limit; the count is taken
 * back when the password is right (even for an account that cannot log in yet). Only a successful
 * login clears the account's failures, and replaces a password hash of older parameters.
 *
 * An address nobody has confirmed may have several signups (see `signUp`): the password picks
 * the one its author made, and the 403 'email not verified' carries that signup's token, so the
 * client can ask for a verification link for exactly that signup.
 */
export async function logIn(
  { db, secret, limits, now }: LoginContext,
  input: z.output<typeof loginBody>,
  address: string | undefined,
): Promise<LoginResult> {
  const attempt = await countLoginAttempt(db, { email: input.email, address }, limits, now);
  if (!attempt.allowed) {
    throw new BusinessFailure(429, ACCOUNT_DETAILS.tooManyAttempts, {
      retryAfterSeconds: attempt.retryAfterSeconds,
    });
  }

  const account = await findAccountByEmail(db, input.email);
  if (!account) {
    const pending = await findPendingSignups(db, input.email);
    if (pending.length === 0) throw new BusinessFailure(404, ACCOUNT_DETAILS.userNotFound);
    const signup = await signupWithPassword(pending, input.password);
    if (!signup) throw new BusinessFailure(401, ACCOUNT_DETAILS.invalidPassword);
    await forgetHits(db, attempt.hitIds);
    // No mail here: the storefront asks for a new verification link itself (A§8), with this.
    await revokeTokens(db, signup.id, ["signup"]);
    const signupToken = await issueToken(db, signup.id, "signup", now);
    throw new BusinessFailure(403, ACCOUNT_DETAILS.emailNotVerified, {
      extra: { signup_token: signupToken },
    });
  }
  if (!(await verifyPassword(input.password, account.passwordHash))) {
    throw new BusinessFailure(401, ACCOUNT_DETAILS.invalidPassword);
  }
  await forgetHits(db, attempt.hitIds);
  if (account.status === "pending") throw new BusinessFailure(403, ACCOUNT_DETAILS.userPending);

  await clearAccountFailures(db, input.email);
  if (account.passwordHash && needsRehash(account.passwordHash)) {
    await upgradePasswordHash(db, account.id, account.passwordHash, input.password);
  }
  return {
    ...(await issueTokenPair(db, account, secret, now)),
    user: await loginUserReply(db, account),
  };
}
