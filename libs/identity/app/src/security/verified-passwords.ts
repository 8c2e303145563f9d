import { createHmac, randomBytes } from 'node:crypto';

/**
 * Passwords this process has already found to match a stored hash, so that a client
 * sending login and password on every call (Basic authentication, python-bugzilla) pays
 * scrypt's ~60 ms once, not per call. Kept: an HMAC, under a random key of this process,
 * of the stored hash and the password; never the password, never anything that can be
 * checked offline against the database. The stored hash is part of the key, so a changed
 * password matches nothing kept. Only successes are kept: a wrong password always costs
 * the full check, and lockouts are checked before this is asked.
 */
export class VerifiedPasswords {
  private readonly key = randomBytes(32);
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly ttlMs = 10 * 60_000,
  ) {}

  has(password: string, storedHash: string, now: number): boolean {
    const digest = this.digest(password, storedHash);
    const expiresAt = this.seen.get(digest);
    if (expiresAt === undefined) return false;
    if (expiresAt > now) return true;
    this.seen.delete(digest);
    return false;
  }

  add(password: string, storedHash: string, now: number): void {
    const digest = this.digest(password, storedHash);
    this.seen.delete(digest);
    while (this.seen.size >= this.maxEntries) {
      const oldest = this.seen.keys().next();
      if (oldest.done) break;
      this.seen.delete(oldest.value);
    }
    this.seen.set(digest, now + this.ttlMs);
  }

  private digest(password: string, storedHash: string): string {
    return createHmac('sha256', this.key).update(storedHash).update('\0').update(password).digest('base64');
  }
}
