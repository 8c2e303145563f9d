import type { BugParticipants } from '@tracker/contracts';
import { canSeeBug } from '@tracker/contracts';
import type { BugMailChange } from '../change/bug-mail-change';
import type { MailRelationship } from '../preferences/mail-events';
import { wantsBugMail } from '../preferences/mail-preferences';
import { changeEvents } from './change-events';
import type { MailFacts, MailUserFacts } from './mail-facts';
import { hasContent, type VisibleContent, visibleContent } from './visible-content';

/** One bug mail: to whom, why (`X-Tracker-Reason`), and what they may read. */
export interface BugMailRecipient {
  readonly user: { readonly id: number; readonly email: string };
  /** the relationships kept, in Bugzilla's order */
  readonly reasons: readonly MailRelationship[];
  readonly type: 'new' | 'changed';
  readonly content: VisibleContent;
}

const ORDER: readonly MailRelationship[] = ['AssignedTo', 'QAcontact', 'Reporter', 'CC', 'GlobalWatcher'];

/**
 * Bugzilla's BugMail::Send for one change (reference §11.1): everyone holding a role before
 * or after it and the global watchers; each dropped when their mail is disabled, when they
 * cannot see the bug, when no relationship wants the change, or when nothing they may read
 * is left. Ordered by user id, so a replay decides the same list.
 */
export function decideBugRecipients(change: BugMailChange, facts: MailFacts): BugMailRecipient[] {
  const unconfirmed = facts.bug.status === 'UNCONFIRMED';
  const recipients: BugMailRecipient[] = [];
  for (const [userId, relationships] of [...candidates(change, facts)].sort(([a], [b]) => a - b)) {
    const user = facts.users.get(userId);
    if (!user || !user.emailEnabled || !canSeeBug({ user, groupIds: user.groupIds }, facts.bug.access)) continue;
    const circumstances = { ownChange: change.changer.id === userId, unconfirmed };
    const reasons = ORDER.filter(
      (relationship) =>
        relationships.has(relationship) &&
        wantsBugMail(user.preferences, relationship, changeEvents(change, userId, relationship), circumstances),
    );
    if (reasons.length === 0) continue;
    const content = visibleContent(change, user);
    if (!hasContent(content, change.isNew)) continue;
    recipients.push({ user: mailUser(user), reasons, type: change.isNew ? 'new' : 'changed', content });
  }
  return recipients;
}

function mailUser(user: MailUserFacts): BugMailRecipient['user'] {
  return { id: user.id, email: user.email };
}

/** Role holders after the change, those it removed from a role, and the global watchers. */
function candidates(change: BugMailChange, facts: MailFacts): Map<number, Set<MailRelationship>> {
  const found = new Map<number, Set<MailRelationship>>();
  const add = (userId: number | null, relationship: MailRelationship): void => {
    if (userId === null) return;
    const held = found.get(userId) ?? new Set<MailRelationship>();
    held.add(relationship);
    found.set(userId, held);
  };
  const addRoles = (participants: BugParticipants): void => {
    add(participants.assignee, 'AssignedTo');
    add(participants.qaContact, 'QAcontact');
    add(participants.reporter, 'Reporter');
    for (const cc of participants.cc) add(cc, 'CC');
  };
  if (change.participants.before) addRoles(change.participants.before);
  addRoles(change.participants.after);
  for (const watcher of facts.globalWatcherIds) add(watcher, 'GlobalWatcher');
  return found;
}
