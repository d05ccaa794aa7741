/**
 * The rule for the secrets a production deployment signs with (session tokens, cookies, OAuth
 * client secrets): long enough and varied enough that nobody guesses or brute-forces them. A
 * signing key of HS256 wants 256 bits; 32 characters drawn at random from hex (128 bits) or
 * base64 (192 bits) is the floor here, and `openssl rand -hex 32` (64 characters) is what the
 * documentation suggests. The distinct-character count catches made-up values that are long but
 * not random (`aaaa…`, `changemechangeme…`); published values (development defaults) are refused
 * whatever their length.
 */
export const SECRET_MIN_LENGTH = 32;
export const SECRET_MIN_DISTINCT_CHARACTERS = 10;

/**
 * Why `secret` is too weak to use in production, in a sentence that ends the start's error
 * message, or `undefined` when it will do. `published` lists values that are public (the
 * development defaults, written in the source and the README).
 */
export function secretWeakness(
  secret: string,
  published: readonly string[] = [],
): string | undefined {
  if (published.includes(secret)) return "it is a published development value";
  if (secret.length < SECRET_MIN_LENGTH) {
    return `it has ${secret.length} characters, at least ${SECRET_MIN_LENGTH} are needed`;
  }
  if (new Set(secret).size < SECRET_MIN_DISTINCT_CHARACTERS) {
    return `it uses ${new Set(secret).size} different characters, at least ${SECRET_MIN_DISTINCT_CHARACTERS} are needed (use random bytes)`;
  }
  return undefined;
}
