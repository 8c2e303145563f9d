import type { BugMailFacts } from '@tracker/mailer/domain';

type Upcast = 'blocks' | 'fieldValues';

/**
 * A bug's facts as `bug_facts` and `pending_changes` hold them, upcast: rows written before
 * the facts knew the bugs it blocks have none (its next dependency change will add them),
 * rows written before they kept field values have none (each change adds those it sets).
 */
export function storedBugFacts(stored: Omit<BugMailFacts, Upcast> & Partial<Pick<BugMailFacts, Upcast>>): BugMailFacts {
  return { ...stored, blocks: stored.blocks ?? [], fieldValues: stored.fieldValues ?? {} };
}
