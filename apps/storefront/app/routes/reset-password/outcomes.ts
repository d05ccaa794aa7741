import { ACCOUNT_DETAILS, type AccountResult } from "@kassa/api-client";

/**
 * The forgot-password screen's states (A§2) after each answer of the account API: form →
 * checkEmail; emailNotVerified → (resend) emailVerfySent; emailNotFound (with the signup offer);
 * and, where the spec is silent (docs/decisions/0005-account-storefront-choices.md), the address
 * that turns out to be confirmed already, a refused link, and the per-address link limit.
 */
export type ForgotState =
  | { state: "checkEmail"; email: string; resendAt: number }
  | { state: "emailNotVerified"; email: string }
  | { state: "emailVerfySent"; email: string }
  | { state: "emailAlreadyVerified"; email: string }
  | { state: "emailNotFound"; email: string; resendAt: number }
  | { state: "verifyLinkFailed"; email: string }
  | { state: "resetLinkFailed"; email: string }
  | { state: "tooManyLinks"; email: string; minutes: number };

type LinkReply = AccountResult<{ message: string }>;

/** The platform limits link mails per address; say so rather than pretend a mail went out. */
function tooManyLinks(reply: LinkReply, email: string): ForgotState | null {
  if (reply.ok) return null;
  if (reply.details !== ACCOUNT_DETAILS.tooManyAttempts && reply.status !== 429) return null;
  return {
    state: "tooManyLinks",
    email,
    minutes: Math.max(1, Math.ceil((reply.retryAfter ?? 3600) / 60)),
  };
}

/** Whether the failure's details include `text` (A§7: "details including 'email not found'"). */
function detailsInclude(reply: LinkReply, text: string): boolean {
  return !reply.ok && reply.details.toLowerCase().includes(text.toLowerCase());
}

/**
 * After asking for a reset link (`create-reset-password-link`, A§7/A§8), exactly as the spec maps
 * it: the message 'Reset password link created' → checkEmail; details including 'email not
 * verified' → emailNotVerified (with the resend); details including 'email not found' →
 * emailNotFound, which offers the signup and starts the countdown too (A§2). Anything else is
 * what it is: the link limit (tooManyLinks), or a link that could not be sent (resetLinkFailed,
 * to try again) — never 'email not found' for an address that may well have an account.
 */
export function resetLinkOutcome(reply: LinkReply, email: string, resendAt: number): ForgotState {
  if (reply.ok) {
    return reply.data.message === ACCOUNT_DETAILS.resetLinkCreated
      ? { state: "checkEmail", email, resendAt }
      : { state: "resetLinkFailed", email };
  }
  if (detailsInclude(reply, ACCOUNT_DETAILS.emailNotVerified)) {
    return { state: "emailNotVerified", email };
  }
  if (detailsInclude(reply, ACCOUNT_DETAILS.emailNotFound)) {
    return { state: "emailNotFound", email, resendAt };
  }
  return tooManyLinks(reply, email) ?? { state: "resetLinkFailed", email };
}

/**
 * After asking for the verification link again (`create-verify-link`, A§7): only the message
 * 'Email verification link created' means it went out (emailVerfySent). 'email not found' leads to
 * the signup offer (A§8); an address confirmed in the meantime ('email already verified') offers
 * the reset link it came for; any other answer is an error that can be tried again.
 */
export function verifyLinkOutcome(reply: LinkReply, email: string, resendAt: number): ForgotState {
  if (reply.ok) {
    return reply.data.message === ACCOUNT_DETAILS.verifyLinkCreated
      ? { state: "emailVerfySent", email }
      : { state: "verifyLinkFailed", email };
  }
  const limited = tooManyLinks(reply, email);
  if (limited) return limited;
  switch (reply.details) {
    case ACCOUNT_DETAILS.emailNotFound:
      return { state: "emailNotFound", email, resendAt };
    case ACCOUNT_DETAILS.emailAlreadyVerified:
      return { state: "emailAlreadyVerified", email };
    default:
      return { state: "verifyLinkFailed", email };
  }
}
