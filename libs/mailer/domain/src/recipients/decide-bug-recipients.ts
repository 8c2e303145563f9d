import { canSeeBug } from '@tracker/contracts';
import type { BugMailChange } from '../change/bug-mail-change';
import type { MailRelationship } from '../preferences/mail-events';
import { wantsBugMail } from '../preferences/mail-preferences';
import { changeEvents } from './change-events';
import type { MailFacts, MailUserFacts } from './mail-facts';
import { type KeptRelationships, keptRelationships } from './kept-relationships';
import { mailCandidates } from './mail-candidates';
import { hasContent, type VisibleContent, visibleContent } from './visible-content';

/** One bug mail: to whom, why (`X-Tracker-Reason`), and what they may read. */
export interface BugMailRecipient {
  readonly user: { readonly id: number; readonly email: string };
  /** the user's own relationships kept, in Bugzilla's order (`X-Tracker-Reason`; none: `None`) */
  readonly reasons: readonly MailRelationship[];
  /** `X-Tracker-Watch-Reason`: the relationships kept of the users they watch, and those users' logins */
  readonly watching: { readonly reasons: readonly MailRelationship[]; readonly logins: readonly string[] };
  /** `dep_changed`: a bug this one depends on opened or closed (decideDepChangedRecipients) */
  readonly type: 'new' | 'changed' | 'dep_changed';
  readonly content: VisibleContent;
}

/**
 * Bugzilla's BugMail::Send for one change (reference §11.1): everyone holding a role before
 * or after it, the global watchers, and the watchers of all of them (one mail each, by the
 * watcher's own checks and preferences); each dropped when their mail is disabled, when they
 * cannot see the bug, when no relationship wants the change, or when nothing they may read
 * is left. Ordered by user id, so a replay decides the same list.
 */
export function decideBugRecipients(change: BugMailChange, facts: MailFacts): BugMailRecipient[] {
  const unconfirmed = facts.bug.status === 'UNCONFIRMED';
  const recipients: BugMailRecipient[] = [];
  const { before, after } = change.participants;
  for (const [userId, candidate] of mailCandidates(before ? [before, after] : [after], facts.globalWatcherIds, facts.watchersOf)) {
    const user = facts.users.get(userId);
    if (!user || !user.emailEnabled || !canSeeBug({ user, groupIds: user.groupIds }, facts.bug.access)) continue;
    const circumstances = { ownChange: change.changer.id === userId, unconfirmed };
    const kept = keptRelationships(candidate, (relationship) =>
      wantsBugMail(user.preferences, relationship, changeEvents(change, userId, relationship), circumstances),
    );
    if (!kept) continue;
    const content = visibleContent(change, user);
    if (!hasContent(content, change.isNew)) continue;
    const type = change.isNew ? 'new' : 'changed';
    recipients.push({ user: mailUser(user), reasons: kept.reasons, watching: watchingOf(kept, facts), type, content });
  }
  return recipients;
}

/** The kept inherited relationships with the watched users' logins (one identity does not know is left out). */
export function watchingOf(kept: KeptRelationships, facts: MailFacts): BugMailRecipient['watching'] {
  const logins = kept.watching.watchedIds.flatMap((id) => {
    const watched = facts.users.get(id);
    return watched ? [watched.login] : [];
  });
  return { reasons: kept.watching.reasons, logins };
}

export function mailUser(user: MailUserFacts): BugMailRecipient['user'] {
  return { id: user.id, email: user.email };
}
