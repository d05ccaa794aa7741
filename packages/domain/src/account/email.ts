import { z } from "zod";

/**
 * An email address as the forms and the platform accept it: zod's email pattern (the one
 * `z.email()` uses), checked on the trimmed, lower-cased value.
 */
export function isEmailAddress(value: string): boolean {
  return z.regexes.email.test(value);
}
