/**
 * Who may see a bug (Bugzilla's visible_bugs, reference §8.1), shared by the services that
 * judge it for someone other than the caller: bugs (its reads and decisions), flags (may a
 * requestee see the bug?) and the mailer (may a flag type's cc list see it?).
 */
export interface BugAccessFacts {
  readonly groupIds: readonly number[];
  readonly reporterId: number;
  readonly assigneeId: number;
  readonly qaContactId: number | null;
  readonly ccIds: readonly number[];
  readonly isCreatorAccessible: boolean;
  readonly isCcAccessible: boolean;
}

/** Whoever looks: `user` null when logged out; `groupIds` their effective groups. */
export interface BugViewer {
  readonly user: { readonly id: number } | null;
  readonly groupIds: readonly number[];
}

/**
 * A bug in groups is visible to members of all of them (the contract's rule, Bugzilla's
 * or_groups=0), to its reporter and CC members when the bug allows it, and to its
 * assignee and QA contact. Logged-out viewers see only bugs in no group.
 */
export function canSeeBug(viewer: BugViewer, bug: BugAccessFacts): boolean {
  if (bug.groupIds.every((groupId) => viewer.groupIds.includes(groupId))) return true;
  const userId = viewer.user?.id;
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
