import type { AuthContext, CredentialsChange } from '@tracker/contracts';

export interface CredentialCacheLimits {
  /** most credentials kept; the oldest goes first */
  readonly maxEntries: number;
  /** a safety net only: changes arrive as invalidations, this bounds what a missed one could cost */
  readonly ttlMs: number;
  /** how long past its TTL an entry may still answer while identity cannot be reached (`stale`); default 60 s */
  readonly staleMs?: number;
}

/** a token's 30 days are honoured to within this much; a missed change (none is expected) lasts no longer */
export const CREDENTIAL_CACHE_TTL_MS = 60_000;

/** an identity outage this long is bridged for credentials whose entry had just expired */
export const CREDENTIAL_STALE_MS = 60_000;

export const DEFAULT_CREDENTIAL_CACHE_LIMITS: CredentialCacheLimits = { maxEntries: 10_000, ttlMs: CREDENTIAL_CACHE_TTL_MS };

interface Entry {
  readonly context: AuthContext;
  readonly expiresAt: number;
}

/**
 * What the gateway knows of credentials it has seen: a digest of the credential (never
 * the secret) to the AuthContext identity gave for it, without the address. Entries are
 * dropped per user or all at once when identity says something changed; `generation`
 * moves with every drop, so an answer fetched before a drop is not stored after it.
 */
export class CredentialCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private currentGeneration = 0;

  constructor(private readonly limits: CredentialCacheLimits = DEFAULT_CREDENTIAL_CACHE_LIMITS) {}

  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): AuthContext | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.context;
    if (entry.expiresAt + (this.limits.staleMs ?? CREDENTIAL_STALE_MS) <= now) this.remove(key);
    return undefined;
  }

  /**
   * An entry past its TTL but not `staleMs` beyond, for when identity cannot be asked: it
   * was never invalidated (every invalidation removes the entry), only not re-checked.
   */
  stale(key: string, now: number): AuthContext | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt + (this.limits.staleMs ?? CREDENTIAL_STALE_MS) > now ? entry.context : undefined;
  }

  /** Stores an answer fetched at `generation`; refused (false) when anything was dropped since. */
  put(key: string, context: AuthContext, generation: number, now: number): boolean {
    const userId = context.userId;
    if (generation !== this.currentGeneration || userId === null || this.limits.maxEntries <= 0) return false;
    this.remove(key);
    while (this.entries.size >= this.limits.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    this.entries.set(key, { context: { ...context, ip: null }, expiresAt: now + this.limits.ttlMs });
    let keys = this.byUser.get(userId);
    if (!keys) this.byUser.set(userId, (keys = new Set()));
    keys.add(key);
    return true;
  }

  forget(change: CredentialsChange): void {
    this.currentGeneration += 1;
    if ('all' in change) {
      this.entries.clear();
      this.byUser.clear();
      return;
    }
    for (const userId of change.userIds) {
      for (const key of this.byUser.get(userId) ?? []) this.entries.delete(key);
      this.byUser.delete(userId);
    }
  }

  clear(): void {
    this.forget({ all: true });
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const userId = entry.context.userId;
    if (userId === null) return;
    const keys = this.byUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.byUser.delete(userId);
  }
}
