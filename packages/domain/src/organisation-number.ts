/**
 * An organisation number as the signup form takes it (A§5): the input strips spaces and dashes as
 * they are typed, so `556677-8899` is stored and sent as `5566778899`. Unicode dashes (a pasted
 * `–`) count as dashes too.
 */
export function cleanOrganisationNumber(input: string): string {
  return input.replace(/[\s\-‐‑‒–—―−]/g, "");
}
