import type { KeyedLocks } from '@tracker/platform/read-model';
import type { BugLock } from '../bugs.sequences';

/**
 * Serialises changes of aliases across replicas (an alias is unique over all bugs, and
 * the check reads the read model). Without aliases nothing is locked, so ordinary
 * creates and updates never queue behind each other.
 */
export function withAliasLock<T>(locks: KeyedLocks<BugLock>, aliases: readonly string[], work: () => Promise<T>): Promise<T> {
  if (aliases.length === 0) return work();
  return locks.withLock(
    'bug-alias',
    aliases.map((alias) => alias.trim().toLowerCase()),
    work,
  );
}
