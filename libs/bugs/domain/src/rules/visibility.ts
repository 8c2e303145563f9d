import type { Actor } from './actor';

/** What decides who may see a bug (Bugzilla's visible_bugs, reference §8.1). */
export interface BugAccessFacts {
  readonly groupIds: readonly number[];
  readonly reporterId: number;
  readonly assigneeId: number;
  readonly qaContactId: number | null;
  readonly ccIds: readonly number[];
  readonly isCreatorAccessible: boolean;
  readonly isCcAccessible: boolean;
}

/**
 * A bug in groups is visible to members of all of them (the contract's rule, Bugzilla's
 * or_groups=0), to its reporter and CC members when the bug allows it, and to its
 * assignee and QA contact. Logged-out callers see only bugs in no group.
 */
export function canSeeBug(actor: Actor, bug: BugAccessFacts): boolean {
  if (bug.groupIds.every((groupId) => actor.groupIds.includes(groupId))) return true;
  const userId = actor.user?.id;
  if (userId === undefined) return false;
  return (
    (bug.isCreatorAccessible && bug.reporterId === userId) ||
    (bug.isCcAccessible && bug.ccIds.includes(userId)) ||
    bug.assigneeId === userId ||
    bug.qaContactId === userId
  );
}

/** Bugzilla's is_involved_in_bug: the last-visit calls accept only these users. */
export function isInvolved(userId: number, bug: BugAccessFacts): boolean {
  return bug.reporterId === userId || bug.assigneeId === userId || bug.qaContactId === userId || bug.ccIds.includes(userId);
}
