/**
 * Texts of this platform that the spec does not name. The spec's texts (A§7, A§8) are
 * `ACCOUNT_DETAILS` of `@kassa/api-client`, which the platform answers with and the storefront
 * switches on.
 */
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
