import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Passwords are hashed with scrypt (memory-hard, built into Node, so no native addon): N=16384,
 * r=8, p=1 needs 16 MiB and some 50 ms per hash, which makes guessing a stolen hash expensive.
 * The stored form `scrypt$N$r$p$salt$hash` (salt and hash in base64url) names its parameters, so
 * they can be raised later without breaking the hashes already stored.
 */
export const SCRYPT_PARAMETERS = { N: 16384, r: 8, p: 1 } as const;

const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Node refuses a cost above `maxmem` (32 MiB by default); allow what the parameters need.
    const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0);
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A new hash with a random salt; `salt` is given only by the deterministic demo seed. */
export async function hashPassword(
  password: string,
  salt: Buffer = randomBytes(SALT_BYTES),
): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMETERS;
  const key = await derive(password, salt, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Parameters this server is willing to run: a stored hash must not make it allocate gigabytes. */
function acceptable(N: number, r: number, p: number): boolean {
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  return powerOfTwo && N <= 1 << 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16;
}

/** True when `password` matches the stored hash. Compared in constant time; no hash never matches. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash || rest.length > 0) return false;
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  if (!acceptable(parameters.N, parameters.r, parameters.p)) return false;
  const expected = Buffer.from(hash, "base64url");
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, Buffer.from(salt, "base64url"), parameters);
  return timingSafeEqual(actual, expected);
}
