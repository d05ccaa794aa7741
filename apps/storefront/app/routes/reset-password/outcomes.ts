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
  | { state: "tooManyLinks"; email: string; minutes: number };

type LinkReply = AccountResult<{ message: string }>;

/** The platform limits link mails per address; say so rather than pretend a mail went out. */
function tooManyLinks(reply: LinkReply, email: string): ForgotState | null {
  if (reply.ok || reply.details !== ACCOUNT_DETAILS.tooManyAttempts) return null;
  return {
    state: "tooManyLinks",
    email,
    minutes: Math.max(1, Math.ceil((reply.retryAfter ?? 3600) / 60)),
  };
}

/**
 * After asking for a reset link (`create-reset-password-link`): 'Reset password link created' →
 * checkEmail; 'email not verified' → emailNotVerified; anything else ('email not found') →
 * emailNotFound, which offers the signup and starts the countdown too (A§2).
 */
export function resetLinkOutcome(reply: LinkReply, email: string, resendAt: number): ForgotState {
  if (reply.ok) return { state: "checkEmail", email, resendAt };
  return (
    tooManyLinks(reply, email) ??
    (reply.details === ACCOUNT_DETAILS.emailNotVerified
      ? { state: "emailNotVerified", email }
      : { state: "emailNotFound", email, resendAt })
  );
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
