import { PASSWORD_MIN_LENGTH, passwordCriteria } from "@kassa/domain";

/**
 * The password rule of A§5 and A§9 is `@kassa/domain`'s, the one the forms check: at least 10
 * characters (counted as a person counts them, in code points) and a digit. The signup form also
 * lists "a special character", but the spec says it is not enforced, so it is not enforced here
 * either. What this file adds is the server's side: the longest password it hashes, and the
 * wording of its answer.
 */

/** Longer input is refused before hashing: scrypt's work grows with the input. */
export const PASSWORD_MAX_LENGTH = 1024;

/** What the password lacks, in words that finish "password must contain …"; empty when it is fine. */
export function passwordProblems(password: string): string[] {
  const criteria = passwordCriteria(password);
  const problems: string[] = [];
  if (!criteria.minLength) problems.push(`at least ${PASSWORD_MIN_LENGTH} characters`);
  if (!criteria.digit) problems.push("a digit");
  return problems;
}

/** `password must contain at least 10 characters and a digit`, or null for a good password. */
export function passwordProblemText(password: string): string | null {
  const problems = passwordProblems(password);
  return problems.length ? `password must contain ${problems.join(" and ")}` : null;
}
