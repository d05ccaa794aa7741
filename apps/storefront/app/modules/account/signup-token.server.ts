import { expireCookie, storefrontCookies } from "~/modules/http/cookies.server";

/**
 * The token of the signup made in this browser (docs/decisions/0008-unconfirmed-signups.md). It
 * proves to the platform which of an address's signups this browser made: the verification link
 * followed here confirms that signup without asking for the password, and the "send the link
 * again" of the forgot-password page sends that signup's link.
 */
export async function readSignupToken(request: Request): Promise<string | undefined> {
  const value = await storefrontCookies().signupToken.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** The `Set-Cookie` that keeps a signup's token (from the signup reply or a login's 403). */
export function keepSignupToken(token: string): Promise<string> {
  return storefrontCookies().signupToken.serialize(token);
}

/** The `Set-Cookie` that forgets it, once the address is confirmed. */
export function forgetSignupToken(): Promise<string> {
  return expireCookie(storefrontCookies().signupToken);
}
