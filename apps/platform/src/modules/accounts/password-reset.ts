import { ACCOUNT_DETAILS } from "@kassa/api-client";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import { users } from "../../db/schema.js";
import { BusinessFailure } from "../../http/business-failure.js";
import type { Mailer } from "../mail/send-mail.js";
import { emailLookupField, tokenField } from "./account-fields.js";
import { resetPasswordMail } from "./account-mails.js";
import { issueToken, revokeTokens, spendToken } from "./account-tokens.js";
import { countLinkMail } from "./link-mail-limit.js";
import { clearAccountFailures } from "./login-rate-limit.js";
import { hashPassword } from "./password-hash.js";
import { PASSWORD_MAX_LENGTH, passwordProblemText } from "./password-rule.js";
import { confirmSignup } from "./pending-signups.js";
import { findAccountByEmail, findPendingSignups, findUserById } from "./users.js";

export const resetLinkBody = z.object({ email: emailLookupField });

/**
 * `POST /api/enad/create-reset-password-link/`: mails a reset link valid for one hour. Only a
 * verified address gets one (A§7): the link would otherwise prove nothing about who asks. Earlier
 * reset links of the user stop working, so only the newest mail counts.
 */
export async function createResetLink(
  deps: { db: Database; mailer: Mailer; storefrontUrl: string },
  email: string,
  now: Date,
): Promise<void> {
  const { db, mailer, storefrontUrl } = deps;
  const account = await findAccountByEmail(db, email);
  if (!account) {
    const pending = await findPendingSignups(db, email);
    throw pending.length > 0
      ? new BusinessFailure(400, ACCOUNT_DETAILS.emailNotVerified)
      : new BusinessFailure(404, ACCOUNT_DETAILS.emailNotFound);
  }
  await countLinkMail(db, account.email, now);
  await revokeTokens(db, account.id, ["reset"]);
  const token = await issueToken(db, account.id, "reset", now);
  await mailer.send(await resetPasswordMail(account, token, storefrontUrl));
}

/**
 * `POST /enad/reset-password/`. The password rule is answered in `details` like the other
 * failures of this call, since the storefront shows what this call returns as is (A§7).
 */
export const resetPasswordBody = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH),
  reset_password_token: tokenField,
});

/**
 * Sets a new password with a reset token. The token works once. Whoever holds it has read the
 * mail, so the email counts as verified: the link of an unconfirmed signup (see
 * `createVerifyLink`) confirms it with this password. Every session of the account ends (a reset
 * often follows a suspected break-in): refresh tokens are revoked and the token version raised,
 * so access tokens already handed out stop working too. The account's failed logins are forgotten.
 */
export async function resetPassword(
  db: Database,
  input: z.output<typeof resetPasswordBody>,
  now: Date,
): Promise<void> {
  const weakness = passwordProblemText(input.password);
  // Checked before the token is spent, so a rejected password does not burn the link.
  if (weakness) throw new BusinessFailure(400, weakness);
  const passwordHash = await hashPassword(input.password);

  await db.transaction(async (tx) => {
    const spent = await spendToken(tx, "reset", input.reset_password_token, now);
    if (spent.status === "expired") throw new BusinessFailure(400, ACCOUNT_DETAILS.linkExpired);
    const user = spent.status === "valid" ? await findUserById(tx, spent.token.userId) : undefined;
    if (!user) throw new BusinessFailure(400, ACCOUNT_DETAILS.linkNotFound);

    if (!user.emailVerified && !(await confirmSignup(tx, user, { passwordHash }, now))) {
      throw new BusinessFailure(400, ACCOUNT_DETAILS.linkNotFound);
    }
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, user.id));
    await revokeTokens(tx, user.id, ["refresh"]);
    await clearAccountFailures(tx, user.email);
  });
}
