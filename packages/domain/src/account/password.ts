/**
 * The password rules (A§2, A§5, A§9): at least {@link PASSWORD_MIN_LENGTH} characters and a digit.
 * The live criteria list also shows "a special character", which is listed but not enforced.
 *
 * This is the one password rule: the forms check it and the platform enforces it with these very
 * functions. Characters are counted as Unicode code points, what a person sees as one character
 * (`'😀'` is one, though JavaScript's `length` says 2), so `'😀😀😀😀😀1234'` has 9 and is too short
 * everywhere.
 */

/** A§9: password minimum length. */
export const PASSWORD_MIN_LENGTH = 10;

export interface PasswordCriteria {
  /** At least {@link PASSWORD_MIN_LENGTH} characters (enforced). */
  minLength: boolean;
  /** Contains a digit 0–9 (enforced). */
  digit: boolean;
  /** Contains a character that is neither a letter, a digit nor white space (shown, not enforced). */
  special: boolean;
}

/** The length of a password in Unicode code points, the characters a person counts. */
export function passwordLength(password: string): number {
  return [...password].length;
}

/** Which of the three criteria of the live list the password meets. */
export function passwordCriteria(password: string): PasswordCriteria {
  return {
    minLength: passwordLength(password) >= PASSWORD_MIN_LENGTH,
    digit: /[0-9]/.test(password),
    special: /[^\p{L}\p{N}\s]/u.test(password),
  };
}

export type PasswordStrength = 0 | 50 | 100;

/** A§2: 50 for a length of at least 10, plus 50 for a digit. */
export function passwordStrength(password: string): PasswordStrength {
  const criteria = passwordCriteria(password);
  return ((criteria.minLength ? 50 : 0) + (criteria.digit ? 50 : 0)) as PasswordStrength;
}

/** True when a new password meets the enforced rule: the length and a digit. */
export function meetsPasswordRule(password: string): boolean {
  const criteria = passwordCriteria(password);
  return criteria.minLength && criteria.digit;
}
