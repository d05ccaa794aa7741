import type { VerifyEmailResult } from "@kassa/api-client";
import { ACCOUNT_DETAILS } from "@kassa/api-client";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import type { UserRow } from "../../db/schema.js";
import { BusinessFailure } from "../../http/business-failure.js";
import type { Mailer } from "../mail/send-mail.js";
import { forgetHits } from "../rate-limits/rate-limit.js";
import { PLATFORM_DETAILS } from "./account-details.js";
import { emailLookupField, tokenField } from "./account-fields.js";
import { confirmWithPasswordMail, verificationMail } from "./account-mails.js";
import { issueToken, peekToken, revokeTokens, spendToken, tokenOwner } from "./account-tokens.js";
import { countLinkMail } from "./link-mail-limit.js";
import { countLoginAttempt, type LoginLimits } from "./login-rate-limit.js";
import { PASSWORD_MAX_LENGTH } from "./password-rule.js";
import { confirmSignup, signupWithPassword } from "./pending-signups.js";
import { findAccountByEmail, findPendingSignups, findUserById } from "./users.js";

interface MailDeps {
  db: Database;
  mailer: Mailer;
  storefrontUrl: string;
}

/**
 * Mails the signup's author a new verification link (valid 24 hours) for that signup. Earlier
 * verification links of it stop working: after "send it again" only the newest mail counts.
 */
async function sendVerificationLink(
  { db, mailer, storefrontUrl }: MailDeps,
  signup: UserRow,
  now: Date,
): Promise<void> {
  await revokeTokens(db, signup.id, ["verify"]);
  const token = await issueToken(db, signup.id, "verify", now);
  await mailer.send(await verificationMail(signup, token, storefrontUrl));
}

/**
 * Mails a link that confirms the address by choosing a password (a reset link of the newest
 * signup): what a request that cannot show which signup it made gets, see `createVerifyLink`.
 */
async function sendConfirmWithPasswordLink(
  { db, mailer, storefrontUrl }: MailDeps,
  signup: UserRow,
  now: Date,
): Promise<void> {
  await revokeTokens(db, signup.id, ["reset"]);
  const token = await issueToken(db, signup.id, "reset", now);
  await mailer.send(await confirmWithPasswordMail(signup, token, storefrontUrl));
}

export const verifyLinkBody = z.object({
  email: emailLookupField,
  /** Beyond the spec: the `signup_token` of the signup reply, or of a login's 403 reply. */
  signup_token: tokenField.optional(),
});

/**
 * `POST /api/enad/create-verify-link/`: the "send the link again" of login, signup and the
 * forgot-password page (A§8).
 *
 * A verification link makes a signup's password the account's, so it only ever goes out for the
 * signup the caller proves it made (its `signup_token`). A caller without that proof (the
 * forgot-password page knows only the address) gets a link to choose the password instead: the
 * mailbox's owner confirms the address with a password of their own, never a stranger's.
 */
export async function createVerifyLink(
  deps: MailDeps,
  input: z.output<typeof verifyLinkBody>,
  now: Date,
): Promise<void> {
  const { db } = deps;
  if (await findAccountByEmail(db, input.email)) {
    throw new BusinessFailure(409, ACCOUNT_DETAILS.emailAlreadyVerified);
  }
  const pending = await findPendingSignups(db, input.email);
  const ownerId = input.signup_token
    ? await tokenOwner(db, "signup", input.signup_token, now)
    : undefined;
  const proven = pending.find((signup) => signup.id === ownerId);
  const newest = pending[0];
  if (!newest) throw new BusinessFailure(404, ACCOUNT_DETAILS.emailNotFound);

  await countLinkMail(db, input.email, now);
  if (proven) await sendVerificationLink(deps, proven, now);
  else await sendConfirmWithPasswordLink(deps, newest, now);
}

export const verifyEmailBody = z.object({
  token: tokenField,
  /** Beyond the spec: the signup's token, which the browser that made the signup still holds. */
  signup_token: tokenField.optional(),
  /** Beyond the spec: the password of the signup, from any other browser. */
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
});

type VerifyOutcome = { status: 200 | 400 | 401 | 404 | 410 | 429; reply: VerifyEmailResult };

const outcome = (
  status: VerifyOutcome["status"],
  text: VerifyEmailResult["status"],
  extra: Partial<VerifyEmailResult> = {},
): VerifyOutcome => ({ status, reply: { status: text, message: text, ...extra } });

export interface VerifyDeps {
  db: Database;
  limits: LoginLimits;
}

/**
 * `POST /enad/verify-email/ {token, signup_token? | password?}`: confirms an address.
 *
 * The link proves that the clicker reads the mailbox; it does not prove which of the address's
 * signups the clicker made, and confirming makes that signup's password the account's. So the
 * clicker also shows the signup: its `signup_token` (the storefront keeps it in the browser that
 * signed up), or its password (from any other browser; counted by the login limits, since it is
 * a guess like any other). Without either the answer is 'password required' (400) and the link
 * stays unused, so the page can ask for the password and send it again. A stranger who signed up
 * with the address first can therefore never have their signup confirmed by the owner's click.
 *
 * The link works once; a used or unknown one, and one whose address someone confirmed first, is
 * 'link not found' (404); an expired one 'link expired' (410, gone for good).
 */
export async function verifyEmail(
  { db, limits }: VerifyDeps,
  input: z.output<typeof verifyEmailBody>,
  address: string | undefined,
  now: Date,
): Promise<VerifyOutcome> {
  const link = await peekToken(db, "verify", input.token, now);
  if (link.status === "expired") return outcome(410, ACCOUNT_DETAILS.linkExpired);
  const holder = link.status === "valid" ? await findUserById(db, link.userId) : undefined;
  if (!holder || holder.emailVerified) return outcome(404, ACCOUNT_DETAILS.linkNotFound);

  const pending = await findPendingSignups(db, holder.email);
  const ownerId = input.signup_token
    ? await tokenOwner(db, "signup", input.signup_token, now)
    : undefined;
  let signup = pending.find((row) => row.id === ownerId);
  if (!signup && input.password !== undefined) {
    const attempt = await countLoginAttempt(db, { email: holder.email, address }, limits, now);
    if (!attempt.allowed) {
      return outcome(429, ACCOUNT_DETAILS.tooManyAttempts, {
        retry_after: attempt.retryAfterSeconds,
      });
    }
    signup = await signupWithPassword(pending, input.password);
    if (!signup) return outcome(401, ACCOUNT_DETAILS.invalidPassword);
    await forgetHits(db, attempt.hitIds);
  }
  // The address is told: the clicker reads its mailbox, and the page can fill it in.
  if (!signup) return outcome(400, PLATFORM_DETAILS.passwordRequired, { email: holder.email });

  const confirmed = signup;
  return db.transaction(async (tx) => {
    // Spent only now, so a link answered 'password required' still works with the password.
    const spent = await spendToken(tx, "verify", input.token, now);
    if (spent.status !== "valid" || !(await confirmSignup(tx, confirmed, {}, now))) {
      return outcome(404, ACCOUNT_DETAILS.linkNotFound);
    }
    return {
      status: 200,
      reply: { status: "success", message: PLATFORM_DETAILS.emailVerified, email: confirmed.email },
    } satisfies VerifyOutcome;
  });
}
