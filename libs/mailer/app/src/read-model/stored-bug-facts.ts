import type { BugMailFacts } from '@tracker/mailer/domain';

/**
 * A bug's facts as `bug_facts` and `pending_changes` hold them, upcast: rows written before
 * the facts knew the bugs it blocks have none (its next dependency change will add them).
 */
export function storedBugFacts(stored: Omit<BugMailFacts, 'blocks'> & Partial<Pick<BugMailFacts, 'blocks'>>): BugMailFacts {
  return { ...stored, blocks: stored.blocks ?? [] };
}
