/**
 * An organisation number as the signup form takes it (A§5): the input strips spaces and dashes as
 * they are typed, so `556677-8899` is stored and sent as `5566778899`. Unicode dashes (a pasted
 * `–`) count as dashes too.
 */
export function cleanOrganisationNumber(input: string): string {
  return input.replace(/[\s\-‐‑‒–—―−]/g, "");
}

/** True when the text holds a hyphen or dash of any kind (`-`, `–`, `−`, …). */
export function hasHyphen(input: string): boolean {
  return /[-‐‑‒–—―−]/.test(input);
}

/**
 * An organisation number as it is stored and sent: letters and digits only, no hyphens, spaces or
 * other separators. The form cleans what is typed ({@link cleanOrganisationNumber}) and then checks
 * this; the platform checks it without cleaning, so one company cannot be registered twice under
 * two spellings.
 */
export function isOrganisationNumber(value: string): boolean {
  return /^[A-Za-z0-9]+$/.test(value);
}
