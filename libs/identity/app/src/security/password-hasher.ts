import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/**
 * Passwords are stored as salted scrypt hashes (memory-hard: N=2^15, r=8, p=1 takes 32 MiB
 * and about 60 ms on one core of the reference machine). The parameters are kept in each
 * hash (`scrypt$N$r$p$salt$hash`, base64), so they can be raised later without breaking
 * the hashes already stored. Verification compares in constant time.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is exactly that, so leave room */
const MAX_MEMORY = 256 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, COST, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return expected.length > 0 && timingSafeEqual(actual, expected);
}

/** A hash to compare against when the login is unknown, so that the answer takes as long as for a known one. */
let decoy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword('decoy password, never matches');
  await verifyPassword(password, await decoy);
}

function derive(password: string, salt: Buffer, cost: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, { ...cost, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}
