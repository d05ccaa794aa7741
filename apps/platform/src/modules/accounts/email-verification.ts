import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import { type UserRow, users } from "../../db/schema.js";
import { BusinessFailure } from "../../http/business-failure.js";
import type { Mailer } from "../mail/send-mail.js";
import { ACCOUNT_DETAILS, PLATFORM_DETAILS } from "./account-details.js";
import { emailLookupField, tokenField } from "./account-fields.js";
import { verificationMail } from "./account-mails.js";
import { issueToken, revokeTokens, spendToken } from "./account-tokens.js";
import { findUserByEmail, findUserById } from "./users.js";
import { assertLinkMailAllowed } from "./link-mail-limit.js";

interface MailDeps {
  db: Database;
  mailer: Mailer;
  storefrontUrl: string;
}

/**
 * Mails the user a new verification link (valid 24 hours). Earlier verification links stop
 * working: after "send it again" only the newest mail counts.
 */
export async function sendVerificationLink(
  { db, mailer, storefrontUrl }: MailDeps,
  user: UserRow,
  now: Date,
): Promise<void> {
  await revokeTokens(db, user.id, ["verify"]);
  const token = await issueToken(db, user.id, "verify", now);
  await mailer.send(verificationMail(user, token, storefrontUrl));
}

export const verifyLinkBody = z.object({ email: emailLookupField });

/** `POST /api/enad/create-verify-link/`: the "send the link again" of login and signup (A§8). */
export async function createVerifyLink(deps: MailDeps, email: string, now: Date): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new BusinessFailure(404, ACCOUNT_DETAILS.emailNotFound);
  if (user.emailVerified) throw new BusinessFailure(409, ACCOUNT_DETAILS.emailAlreadyVerified);
  await assertLinkMailAllowed(deps.db, user.email, now);
  await sendVerificationLink(deps, user, now);
}

export const verifyEmailBody = z.object({ token: tokenField });

/** `VerifyEmailResult` of the wire contract. */
export interface VerifyEmailReply {
  status: "success" | "link not found" | "link expired";
  message: string;
  email?: string;
}

/**
 * `POST /enad/verify-email/ {token}`: marks the email verified. The link works once; a used or
 * unknown one is "link not found" (404), an expired one "link expired" (410, gone for good).
 */
export async function verifyEmail(
  db: Database,
  token: string,
  now: Date,
): Promise<{ status: 200 | 404 | 410; reply: VerifyEmailReply }> {
  const spent = await spendToken(db, "verify", token, now);
  if (spent.status === "expired") {
    const text = ACCOUNT_DETAILS.linkExpired;
    return { status: 410, reply: { status: text, message: text } };
  }
  const user = spent.status === "valid" ? await findUserById(db, spent.token.userId) : undefined;
  if (!user) {
    const text = ACCOUNT_DETAILS.linkNotFound;
    return { status: 404, reply: { status: text, message: text } };
  }
  await db.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, user.id));
  return {
    status: 200,
    reply: { status: "success", message: PLATFORM_DETAILS.emailVerified, email: user.email },
  };
}
