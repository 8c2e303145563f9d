import { createHash, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits from the CSPRNG, without modulo bias (Bugzilla's generate_random_password). */
export function randomAlphanumeric(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}

/** An API key as Bugzilla makes them: 40 letters and digits. */
export const newApiKey = (): string => randomAlphanumeric(40);

/**
 * API keys and login tokens are stored as their SHA-256 (hex): they are random and long,
 * so a fast hash is enough, and it lets an incoming secret be found by an indexed lookup.
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
