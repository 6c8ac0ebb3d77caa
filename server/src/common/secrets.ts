import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';

const KEY_LENGTH = 32;
// N=2^14 keeps a verification near 30 ms: slow enough against offline guessing of 6-digit keys
// when combined with the per-MAC limits, fast enough for sign-in.
export const PRODUCTION_SCRYPT_COST = 16384;

/**
 * The scrypt cost N. Always PRODUCTION_SCRYPT_COST, except under NODE_ENV=test, where SCRYPT_TEST_COST (a power
 * of two) may lower it so the test suites do not pay 16 MB and ~30 ms per PIN or key. The stored format does not
 * carry the cost: a hash made at one cost verifies only at that cost, so every process of one test run uses the
 * same value (the test harnesses pass it on). The configuration refuses SCRYPT_TEST_COST in production.
 */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): number {
  if (env.NODE_ENV !== 'test' || !env.SCRYPT_TEST_COST) return PRODUCTION_SCRYPT_COST;
  const n = Number(env.SCRYPT_TEST_COST);
  return Number.isInteger(n) && n >= 2 && n <= PRODUCTION_SCRYPT_COST && (n & (n - 1)) === 0
    ? n
    : PRODUCTION_SCRYPT_COST;
}

const SCRYPT_OPTIONS = { N: scryptCost(), r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function scryptAsync(secret: BinaryLike, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, SCRYPT_OPTIONS, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Salted scrypt hash of a low-entropy secret (device key, PIN), as `scrypt$<salt>$<hash>` in base64url. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(secret, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A hash that costs the same as a real one, compared against when no record exists (no timing oracle). */
let dummyHash: Promise<string> | undefined;
export function dummySecretHash(): Promise<string> {
  dummyHash ??= hashSecret(randomBytes(8).toString('hex'));
  return dummyHash;
}

/** SHA-256 of a high-entropy token: enough for lookups of random 256-bit tokens, and indexable. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six random digits, leading zeros kept. */
export function randomDigits(length = 6): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}
