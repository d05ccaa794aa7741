/**
 * The texts the account API answers in `details` and `message` (A§7, A§8). The storefront switches
 * on them, so they are a contract: `test/wire-contract.test.ts` checks them against
 * `ACCOUNT_DETAILS` of @kassa/api-client.
 */
export const ACCOUNT_DETAILS = {
  userAlreadyExists: "user already exists",
  emailNotVerified: "email not verified",
  invalidPassword: "invalid password",
  userNotFound: "user not found",
  userPending: "user is in pending state",
  companyAlreadyExists: "Company already exists",
  linkExpired: "link expired",
  linkNotFound: "link not found",
  emailNotFound: "email not found",
  emailAlreadyVerified: "email already verified",
  tooManyAttempts: "too many attempts",
  userDeleted: "user deleted",
  passwordUpdated: "Password updated",
  resetLinkCreated: "Reset password link created",
  verifyLinkCreated: "Email verification link created",
  unauthorized: "Unauthorized",
} as const;

/** Texts of this platform that the spec does not name. */
export const PLATFORM_DETAILS = {
  loggedOut: "logged out",
  emailVerified: "Email verified",
  /** Organisation signup for a user that has already verified its email (or was seeded). */
  organisationSignupClosed: "organisation signup is only open to a new, unverified account",
  /** A verification link followed without the signup's token or password (`verifyEmail`). */
  passwordRequired: "password required",
  /** Organisation signup for a user that already belongs to an organisation. */
  alreadyInOrganisation: "user already belongs to an organisation",
} as const;
