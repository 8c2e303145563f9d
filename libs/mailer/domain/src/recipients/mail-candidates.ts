import type { BugAccessFacts, BugParticipants } from '@tracker/contracts';
import type { MailRelationship } from '../preferences/mail-events';

/** Bugzilla's order of the relationships in `X-Tracker-Reason`. */
export const RELATIONSHIP_ORDER: readonly MailRelationship[] = ['AssignedTo', 'QAcontact', 'Reporter', 'CC', 'GlobalWatcher'];

/**
 * Everyone to consider for a bug mail, each with every relationship they hold in any of the
 * given role sets, plus the global watchers; ordered by user id, so a replay decides the same list.
 */
export function mailCandidates(
  roleSets: readonly BugParticipants[],
  globalWatcherIds: readonly number[],
): Array<[number, ReadonlySet<MailRelationship>]> {
  const found = new Map<number, Set<MailRelationship>>();
  const add = (userId: number | null, relationship: MailRelationship): void => {
    if (userId === null) return;
    const held = found.get(userId) ?? new Set<MailRelationship>();
    held.add(relationship);
    found.set(userId, held);
  };
  for (const roles of roleSets) {
    add(roles.assignee, 'AssignedTo');
    add(roles.qaContact, 'QAcontact');
    add(roles.reporter, 'Reporter');
    for (const cc of roles.cc) add(cc, 'CC');
  }
  for (const watcher of globalWatcherIds) add(watcher, 'GlobalWatcher');
  return [...found].sort(([a], [b]) => a - b);
}

/** A bug's roles as its folded visibility facts hold them. */
export function participantsOf(access: BugAccessFacts): BugParticipants {
  return { assignee: access.assigneeId, qaContact: access.qaContactId, reporter: access.reporterId, cc: access.ccIds };
}
