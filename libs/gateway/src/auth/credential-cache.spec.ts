import { ANONYMOUS, type AuthContext } from '@tracker/contracts';
import { CredentialCache } from './credential-cache';
import { CredentialLease } from './credential-lease';

const context = (userId: number, ip: string | null = '10.0.0.1'): AuthContext => ({
  ...ANONYMOUS,
  userId,
  login: `user${userId}@example.com`,
  realName: `User ${userId}`,
  groupIds: [8],
  groupNames: ['editbugs'],
  permissions: ['editbugs'],
  ip,
});

describe('CredentialCache', () => {
  it('answers a stored credential without its address until the entry expires', () => {
    const cache = new CredentialCache({ maxEntries: 10, ttlMs: 1000, staleMs: 0 });
    expect(cache.put('k1', context(3), cache.generation, 0)).toBe(true);
    expect(cache.get('k1', 999)).toEqual(context(3, null));
    expect(cache.get('k1', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps an expired entry for `staleMs`, answered only as stale (identity unreachable), and never once invalidated', () => {
    const cache = new CredentialCache({ maxEntries: 10, ttlMs: 1000, staleMs: 5000 });
    cache.put('k1', context(3), cache.generation, 0);
    cache.put('k2', context(4), cache.generation, 0);
    expect(cache.get('k1', 2000)).toBeUndefined();
    expect(cache.stale('k1', 2000)).toEqual(context(3, null));
    expect(cache.stale('k1', 6000)).toBeUndefined();
    cache.forget({ userIds: [4] });
    expect(cache.stale('k2', 2000)).toBeUndefined();
    expect(cache.get('k1', 6000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the named users only, and everything on `all`', () => {
    const cache = new CredentialCache({ maxEntries: 10, ttlMs: 1000 });
    cache.put('a', context(1), cache.generation, 0);
    cache.put('b', context(1), cache.generation, 0);
    cache.put('c', context(2), cache.generation, 0);
    cache.forget({ userIds: [1] });
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)?.userId]).toEqual([undefined, undefined, 2]);
    cache.forget({ all: true });
    expect(cache.get('c', 1)).toBeUndefined();
  });

  it('refuses an answer fetched before a drop: it may be what the drop was about', () => {
    const cache = new CredentialCache({ maxEntries: 10, ttlMs: 1000 });
    const asked = cache.generation;
    cache.forget({ userIds: [99] });
    expect(cache.put('k', context(1), asked, 0)).toBe(false);
    expect(cache.get('k', 0)).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest first', () => {
    const cache = new CredentialCache({ maxEntries: 2, ttlMs: 1000 });
    cache.put('a', context(1), cache.generation, 0);
    cache.put('b', context(2), cache.generation, 0);
    cache.put('c', context(3), cache.generation, 0);
    expect([cache.get('a', 1), cache.get('b', 1)?.userId, cache.get('c', 1)?.userId, cache.size]).toEqual([undefined, 2, 3, 2]);
    cache.forget({ userIds: [1] }); // the evicted entry's index went with it
    expect(cache.size).toBe(2);
  });

  it('stores nothing when off (no entries) or for a logged-out context', () => {
    const off = new CredentialCache({ maxEntries: 0, ttlMs: 1000 });
    expect(off.put('k', context(1), off.generation, 0)).toBe(false);
    const cache = new CredentialCache({ maxEntries: 5, ttlMs: 1000 });
    expect(cache.put('k', ANONYMOUS, cache.generation, 0)).toBe(false);
  });
});

describe('CredentialLease', () => {
  it('holds from a renewal until its send time plus the lease, and not before the first', () => {
    const lease = new CredentialLease();
    expect(lease.holds(0)).toBe(false);
    expect(lease.renewed(100, 110, 1000)).toBe(true);
    expect([lease.holds(1099), lease.holds(1100)]).toEqual([true, false]);
  });

  it('covers answers asked for after the period began, while it holds', () => {
    const lease = new CredentialLease();
    lease.renewed(100, 110, 1000);
    expect(lease.covers(105, 200)).toBe(false); // asked before identity is known to have the lease
    expect(lease.covers(110, 200)).toBe(true);
    expect(lease.covers(110, 1100)).toBe(false);
  });

  it('continues a period when renewed before it ran out, and starts a new one (drop the cache) after', () => {
    const lease = new CredentialLease();
    lease.renewed(0, 10, 1000);
    expect(lease.renewed(500, 600, 1000)).toBe(false);
    expect([lease.holds(1499), lease.covers(20, 1400)]).toEqual([true, true]);
    expect(lease.renewed(1400, 1600, 1000)).toBe(true); // answered after 1500: identity may have skipped us
    expect([lease.covers(20, 1700), lease.covers(1600, 1700)]).toEqual([false, true]);
  });

  it('never shortens a lease when a slow renewal arrives after a faster later one', () => {
    const lease = new CredentialLease();
    lease.renewed(0, 10, 1000);
    lease.renewed(300, 310, 1000);
    lease.renewed(200, 400, 1000);
    expect(lease.holds(1299)).toBe(true);
  });
});
