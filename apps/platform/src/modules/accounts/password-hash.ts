import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Passwords are hashed with scrypt (memory-hard, built into Node, so no native addon). The stored
 * form `scrypt$N$r$p$salt$hash` (salt and hash in base64url) names its parameters, so they can be
 * raised without breaking the hashes already stored: an old hash still verifies, and a login
 * replaces it by one with today's parameters ({@link needsRehash}, ADR 0035).
 */
export interface ScryptParameters {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * Passwords: OWASP's floor for scrypt (N=2^17, r=8, p=1). Each hash needs 128 MiB and, on the two
 * cores of this machine type, some 0.5–0.8 s: guessing a stolen hash is slow, and so is a login.
 * Until issue 28 it was N=2^14 (16 MiB, some 80 ms); those hashes are replaced at the next login.
 */
export const SCRYPT_PARAMETERS: ScryptParameters = { N: 2 ** 17, r: 8, p: 1 };

/**
 * Gift-card PINs keep the former cost. A PIN has 10,000 values: no cost protects its hash from a
 * guess at every value, so what protects a PIN is the limit on tries online. Raising its cost would
 * only hold the order's transaction for most of a second per gift card bought.
 */
export const PIN_SCRYPT_PARAMETERS: ScryptParameters = { N: 2 ** 14, r: 8, p: 1 };

/**
 * Tests only: a cost that makes a hash take milliseconds, so seeding and the logins of a test
 * suite do not spend their minutes in scrypt. Chosen with {@link usePasswordHashCost} by the test
 * platforms (`startPlatform` of `@kassa/platform/testing`, the platform's own test setup); the
 * server (`main.ts`) never does.
 */
export const TEST_SCRYPT_PARAMETERS: ScryptParameters = { N: 2 ** 10, r: 8, p: 1 };

let passwordParameters: ScryptParameters = SCRYPT_PARAMETERS;

/**
 * The cost of new password hashes in this process: `standard` ({@link SCRYPT_PARAMETERS}, the
 * default) or, for test platforms only, `test` ({@link TEST_SCRYPT_PARAMETERS}). Hashes of either
 * cost verify under both; a login replaces one that is not of the current cost.
 */
export function usePasswordHashCost(cost: "standard" | "test"): void {
  passwordParameters = cost === "test" ? TEST_SCRYPT_PARAMETERS : SCRYPT_PARAMETERS;
}

/** The cost {@link usePasswordHashCost} chose last (`standard` until it is called). */
export function passwordHashCost(): "standard" | "test" {
  return passwordParameters === TEST_SCRYPT_PARAMETERS ? "test" : "standard";
}

/** The parameters new password hashes get in this process. */
export function passwordHashParameters(): ScryptParameters {
  return passwordParameters;
}

const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParameters): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Node refuses a cost above `maxmem` (32 MiB by default), and scrypt needs a little more than
    // 128·N·r bytes (128 MiB for passwords): allow twice that. It is a ceiling, not an allocation.
    const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

async function hashWith(
  secret: string,
  parameters: ScryptParameters,
  salt: Buffer = randomBytes(SALT_BYTES),
): Promise<string> {
  const { N, r, p } = parameters;
  const key = await derive(secret, salt, parameters);
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** A new password hash with a random salt; `salt` is given only by the deterministic demo seed. */
export function hashPassword(password: string, salt?: Buffer): Promise<string> {
  return hashWith(password, passwordParameters, salt);
}

/** A new gift-card PIN hash ({@link PIN_SCRYPT_PARAMETERS}); verified with {@link verifyPassword}. */
export function hashGiftCardPin(pin: string, salt?: Buffer): Promise<string> {
  return hashWith(pin, PIN_SCRYPT_PARAMETERS, salt);
}

/**
 * Parameters this server is willing to run: a stored hash must not make it allocate more than the
 * 128 MiB a password hash needs, or run for longer.
 */
function acceptable({ N, r, p }: ScryptParameters): boolean {
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  return (
    powerOfTwo &&
    Number.isInteger(r) &&
    Number.isInteger(p) &&
    r >= 1 &&
    p >= 1 &&
    p <= 16 &&
    128 * N * r <= 128 * SCRYPT_PARAMETERS.N * SCRYPT_PARAMETERS.r
  );
}

/** The stored hash's parts, or null when it is not one of ours. */
function parse(
  stored: string,
): { parameters: ScryptParameters; salt: string; hash: string } | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash || rest.length > 0) return null;
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  return acceptable(parameters) ? { parameters, salt, hash } : null;
}

/**
 * True when `password` matches the stored hash, whatever parameters it was made with (passwords of
 * before issue 28, gift-card PINs). Compared in constant time; no hash never matches.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, "base64url");
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, Buffer.from(parsed.salt, "base64url"), parsed.parameters);
  return timingSafeEqual(actual, expected);
}

/**
 * Whether a password hash that just verified was made with other parameters than new ones get
 * now: then the login replaces it while the password is at hand.
 */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.parameters;
  return N !== passwordParameters.N || r !== passwordParameters.r || p !== passwordParameters.p;
}
