import type { BugMailRecipient } from '@tracker/mailer/domain';

/**
 * Why a bug or dep_changed mail was sent, as Bugzilla's X-Bugzilla-* headers say it
 * (docs/mail.md §6): the recipient's own kept roles, or `None`; the roles kept of the users
 * they watch followed by those users' logins, or `None`; the type; the visible changed fields.
 */
export function bugMailHeaders(mail: BugMailRecipient): Record<string, string> {
  const watchReason = [...mail.watching.reasons, ...mail.watching.logins];
  return {
    'X-Tracker-Reason': mailReasons(mail),
    'X-Tracker-Watch-Reason': watchReason.length > 0 ? watchReason.join(' ') : 'None',
    'X-Tracker-Type': mail.type,
    'X-Tracker-Changed-Fields': mail.content.fields.map((field) => field.field).join(' '),
  };
}

/** `X-Tracker-Reason`, also kept in the ledger of queued mails. */
export function mailReasons(mail: BugMailRecipient): string {
  return mail.reasons.length > 0 ? mail.reasons.join(' ') : 'None';
}
