import { canSeeBug } from '@tracker/contracts';
import type { BugMailChange } from '../change/bug-mail-change';
import type { MailRelationship } from '../preferences/mail-events';
import { wantsBugMail } from '../preferences/mail-preferences';
import { changeEvents } from './change-events';
import type { MailFacts, MailUserFacts } from './mail-facts';
import { mailCandidates, RELATIONSHIP_ORDER } from './mail-candidates';
import { hasContent, type VisibleContent, visibleContent } from './visible-content';

/** One bug mail: to whom, why (`X-Tracker-Reason`), and what they may read. */
export interface BugMailRecipient {
  readonly user: { readonly id: number; readonly email: string };
  /** the relationships kept, in Bugzilla's order */
  readonly reasons: readonly MailRelationship[];
  /** `dep_changed`: a bug this one depends on opened or closed (decideDepChangedRecipients) */
  readonly type: 'new' | 'changed' | 'dep_changed';
  readonly content: VisibleContent;
}

/**
 * Bugzilla's BugMail::Send for one change (reference §11.1): everyone holding a role before
 * or after it and the global watchers; each dropped when their mail is disabled, when they
 * cannot see the bug, when no relationship wants the change, or when nothing they may read
 * is left. Ordered by user id, so a replay decides the same list.
 */
export function decideBugRecipients(change: BugMailChange, facts: MailFacts): BugMailRecipient[] {
  const unconfirmed = facts.bug.status === 'UNCONFIRMED';
  const recipients: BugMailRecipient[] = [];
  const { before, after } = change.participants;
  for (const [userId, relationships] of mailCandidates(before ? [before, after] : [after], facts.globalWatcherIds)) {
    const user = facts.users.get(userId);
    if (!user || !user.emailEnabled || !canSeeBug({ user, groupIds: user.groupIds }, facts.bug.access)) continue;
    const circumstances = { ownChange: change.changer.id === userId, unconfirmed };
    const reasons = RELATIONSHIP_ORDER.filter(
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

export function mailUser(user: MailUserFacts): BugMailRecipient['user'] {
  return { id: user.id, email: user.email };
}
