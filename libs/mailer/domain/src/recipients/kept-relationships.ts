import type { MailRelationship } from '../preferences/mail-events';
import type { MailCandidate } from './mail-candidates';
import { RELATIONSHIP_ORDER } from './mail-candidates';

/** The relationships of a candidate that their preferences keep, their own apart from the watched users'. */
export interface KeptRelationships {
  /** `X-Tracker-Reason`: their own, in Bugzilla's order */
  readonly reasons: readonly MailRelationship[];
  /** `X-Tracker-Watch-Reason`: the inherited ones, in Bugzilla's order, and whose they are (ids, ascending) */
  readonly watching: { readonly reasons: readonly MailRelationship[]; readonly watchedIds: readonly number[] };
}

/**
 * Bugzilla's rels_which_want: each relationship, own or inherited, kept when the recipient's
 * own preferences want the change for it (`wants`), so a watcher is mailed by their own
 * settings, not the watched user's. Null when nothing is kept.
 */
export function keptRelationships(candidate: MailCandidate, wants: (relationship: MailRelationship) => boolean): KeptRelationships | null {
  const reasons = RELATIONSHIP_ORDER.filter((relationship) => candidate.direct.has(relationship) && wants(relationship));
  const watchReasons = RELATIONSHIP_ORDER.filter((relationship) => candidate.watching.has(relationship) && wants(relationship));
  if (reasons.length === 0 && watchReasons.length === 0) return null;
  const watchedIds = [...new Set(watchReasons.flatMap((relationship) => candidate.watching.get(relationship) ?? []))].sort((a, b) => a - b);
  return { reasons, watching: { reasons: watchReasons, watchedIds } };
}
