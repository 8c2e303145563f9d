import type { BugAccessFacts, BugParticipants } from '@tracker/contracts';
import type { MailRelationship } from '../preferences/mail-events';

/** Bugzilla's order of the relationships in `X-Tracker-Reason`. */
export const RELATIONSHIP_ORDER: readonly MailRelationship[] = ['AssignedTo', 'QAcontact', 'Reporter', 'CC', 'GlobalWatcher'];

/** Why one user is considered for a bug mail. */
export interface MailCandidate {
  /** the relationships the user holds themself */
  readonly direct: ReadonlySet<MailRelationship>;
  /** the relationships inherited from the users they watch, each with those users' ids, ascending */
  readonly watching: ReadonlyMap<MailRelationship, readonly number[]>;
}

/**
 * Everyone to consider for a bug mail, each with every relationship they hold in any of the
 * given role sets, plus the global watchers; then, as Bugzilla's BugMail.pm, every watcher of
 * one of them inherits that user's own relationships (not those inherited in turn), so a
 * watcher who is involved themself is still one candidate. `watchersOf`: watched id → the
 * ids of their watchers. Ordered by user id, so a replay decides the same list.
 */
export function mailCandidates(
  roleSets: readonly BugParticipants[],
  globalWatcherIds: readonly number[],
  watchersOf: ReadonlyMap<number, readonly number[]> = new Map(),
): Array<[number, MailCandidate]> {
  const direct = new Map<number, Set<MailRelationship>>();
  const add = (userId: number | null, relationship: MailRelationship): void => {
    if (userId === null) return;
    const held = direct.get(userId) ?? new Set<MailRelationship>();
    held.add(relationship);
    direct.set(userId, held);
  };
  for (const roles of roleSets) {
    add(roles.assignee, 'AssignedTo');
    add(roles.qaContact, 'QAcontact');
    add(roles.reporter, 'Reporter');
    for (const cc of roles.cc) add(cc, 'CC');
  }
  for (const watcher of globalWatcherIds) add(watcher, 'GlobalWatcher');
  const watching = new Map<number, Map<MailRelationship, number[]>>();
  for (const [watchedId, relationships] of direct) {
    for (const watcherId of watchersOf.get(watchedId) ?? []) {
      if (watcherId === watchedId) continue;
      const inherited = watching.get(watcherId) ?? new Map<MailRelationship, number[]>();
      for (const relationship of relationships) inherited.set(relationship, [...(inherited.get(relationship) ?? []), watchedId]);
      watching.set(watcherId, inherited);
    }
  }
  const ids = new Set([...direct.keys(), ...watching.keys()]);
  return [...ids]
    .sort((a, b) => a - b)
    .map((id) => [
      id,
      {
        direct: direct.get(id) ?? new Set(),
        watching: new Map([...(watching.get(id) ?? [])].map(([relationship, watched]) => [relationship, watched.sort((a, b) => a - b)])),
      },
    ]);
}

/** A bug's roles as its folded visibility facts hold them. */
export function participantsOf(access: BugAccessFacts): BugParticipants {
  return { assignee: access.assigneeId, qaContact: access.qaContactId, reporter: access.reporterId, cc: access.ccIds };
}
