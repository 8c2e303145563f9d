import type { MailMessage } from '@tracker/platform/mail-queue';
import { type BugMailChange, decideBugRecipients, decideFlagRecipients, type MailFacts, recipientKey } from '@tracker/mailer/domain';
import type { QueuedMail } from '../read-model/pending-changes.queries';
import { bugMailSubject, renderBugMail } from '../render/bug-mail.render';
import { flagMailSubject, renderFlagMail } from '../render/flag-mail.render';
import { threadingHeaders } from '../render/mail-threading';
import { bugMailHeaders, mailReasons } from './bug-mail-headers';

/** One mail to queue: its deterministic job id, the ledger row, the message. */
export interface MailJob extends QueuedMail {
  readonly message: MailMessage;
}

/**
 * Every mail of one change (docs/mail.md §5-6): a bug mail per recipient the bug rules keep
 * and a flag mail per flag recipient, each named `<change id>:<recipient key>` (flag mails
 * `…:flag`), so queuing them again is a no-op. Only what the recipient may read is rendered.
 */
export function mailJobs(change: BugMailChange, facts: MailFacts, from: string): MailJob[] {
  const summary = facts.bug.summary;
  const bugMails = decideBugRecipients(change, facts).map((mail): MailJob => {
    const key = recipientKey({ userId: mail.user.id, address: mail.user.email });
    const reasons = mailReasons(mail);
    const headers = { ...bugMailHeaders(mail), ...threadingHeaders(change.bugId, key, change.changeId, change.isNew, from) };
    const message = {
      to: [mail.user.email],
      from,
      subject: bugMailSubject(change.bugId, summary, change.isNew),
      ...renderBugMail(change, summary, mail),
      headers,
    };
    return {
      jobId: `${change.changeId}:${key}`,
      changeId: change.changeId,
      bugId: change.bugId,
      recipient: mail.user.email,
      kind: 'bug',
      reasons,
      message,
    };
  });
  const flagMails = decideFlagRecipients(change, facts).map((mail): MailJob => {
    const key = recipientKey(mail);
    const reasons = [...new Set(mail.flags.flatMap((item) => item.reasons))].join(' ');
    const headers = {
      'X-Tracker-Reason': 'None',
      'X-Tracker-Flag-Reason': reasons,
      'X-Tracker-Type': 'flag',
      ...threadingHeaders(change.bugId, key, `${change.changeId}-flag`, false, from),
    };
    const message = {
      to: [mail.address],
      from,
      subject: flagMailSubject(change.bugId, summary, mail),
      ...renderFlagMail(change, summary, mail),
      headers,
    };
    return {
      jobId: `${change.changeId}:${key}:flag`,
      changeId: change.changeId,
      bugId: change.bugId,
      recipient: mail.address,
      kind: 'flag',
      reasons,
      message,
    };
  });
  return [...bugMails, ...flagMails];
}
