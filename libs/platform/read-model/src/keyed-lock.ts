import type { DataSource } from 'typeorm';

/**
 * Mutual exclusion by key across every replica of a service, for invariants that span
 * streams (one account per login, one product per name): take the lock, check the read
 * model, append, wait until the read model shows it, release. Within the process a
 * promise chain per key serialises callers; across processes a PostgreSQL session-level
 * advisory lock does (no transaction is held, so embedded PostgreSQL's single session is
 * never blocked). Keys are locked in sorted order, so two callers never deadlock.
 */
/** Shared by every KeyedLock of the process: on embedded PostgreSQL's single session the
 * advisory lock cannot tell two of them apart, so the process-wide chain must. */
const localChains = new Map<string, Promise<void>>();

export class KeyedLock {
  private readonly local = localChains;

  constructor(
    private readonly dataSource: DataSource,
    private readonly namespace: string,
  ) {}

  async withLock<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys.map((key) => `${this.namespace}:${key}`))].sort();
    const releaseLocal = await this.acquireLocal(sorted);
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      for (const key of sorted) await runner.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
      try {
        return await work();
      } finally {
        for (const key of [...sorted].reverse()) await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      }
    } finally {
      await runner.release();
      releaseLocal();
    }
  }

  private async acquireLocal(keys: readonly string[]): Promise<() => void> {
    const releases: Array<() => void> = [];
    for (const key of keys) {
      const previous = this.local.get(key) ?? Promise.resolve();
      let release!: () => void;
      const current = new Promise<void>((resolve) => {
        release = resolve;
      });
      const chained = previous.then(() => current);
      this.local.set(key, chained);
      await previous;
      releases.push(() => {
        release();
        if (this.local.get(key) === chained) this.local.delete(key);
      });
    }
    return () => releases.reverse().forEach((release) => release());
  }
}
