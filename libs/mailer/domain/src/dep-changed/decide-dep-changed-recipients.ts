import { canSeeBug } from '@tracker/contracts';
import type { BugMailChange } from '../change/bug-mail-change';
import type { BugMailEvent } from '../preferences/mail-events';
import { wantsBugMail } from '../preferences/mail-preferences';
import { type BugMailRecipient, mailUser, watchingOf } from '../recipients/decide-bug-recipients';
import { keptRelationships } from '../recipients/kept-relationships';
import { mailCandidates, participantsOf } from '../recipients/mail-candidates';
import type { BugMailFacts, MailFacts } from '../recipients/mail-facts';

/** A dependency mail says only how the blocker's state moved (Bugzilla's dep_only diffs). */
const DEP_FIELDS: readonly string[] = ['bug_status', 'resolution'];
const DEP_EVENTS: ReadonlySet<BugMailEvent> = new Set(['dependencies']);

/** The bugs to tell of a change: every bug the changed bug blocks, when it moved between open and closed. */
export function depChangedTargets(change: BugMailChange, blocker: BugMailFacts): readonly number[] {
  return change.openStateChanged ? blocker.blocks : [];
}

/**
 * Bugzilla's `dep_changed` mail (reference §11.1; Bug.pm send_changes, BugMail::Send with
 * dep_only) to one bug the changed bug blocks: its own role holders, the global watchers and
 * the watchers of them all, each who wants event `dependencies` for a role (own changes and UNCONFIRMED bugs excluded
 * as usual), whose mail is enabled and who can see both bugs: the mail names the blocker and
 * its summary, and Bugzilla's dep_ok check keeps a confidential blocker's summary from leaking.
 */
export function decideDepChangedRecipients(change: BugMailChange, blocker: BugMailFacts, blocked: MailFacts): BugMailRecipient[] {
  const fields = change.fields.filter((field) => DEP_FIELDS.includes(field.field) && field.attachment === null);
  const unconfirmed = blocked.bug.status === 'UNCONFIRMED';
  const recipients: BugMailRecipient[] = [];
  for (const [userId, candidate] of mailCandidates([participantsOf(blocked.bug.access)], blocked.globalWatcherIds, blocked.watchersOf)) {
    const user = blocked.users.get(userId);
    if (!user || !user.emailEnabled) continue;
    const viewer = { user, groupIds: user.groupIds };
    if (!canSeeBug(viewer, blocked.bug.access) || !canSeeBug(viewer, blocker.access)) continue;
    const circumstances = { ownChange: change.changer.id === userId, unconfirmed };
    const kept = keptRelationships(candidate, (relationship) => wantsBugMail(user.preferences, relationship, DEP_EVENTS, circumstances));
    if (!kept) continue;
    const watching = watchingOf(kept, blocked);
    recipients.push({ user: mailUser(user), reasons: kept.reasons, watching, type: 'dep_changed', content: { fields, comments: [] } });
  }
  return recipients;
}
