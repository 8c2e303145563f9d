import type { BugMailChange, BugMailRecipient, MailComment, MailFieldChange, MailRelationship } from '@tracker/mailer/domain';

const REASON_TEXT: Readonly<Record<MailRelationship, string>> = {
  AssignedTo: 'You are the assignee for the bug.',
  QAcontact: 'You are the QA Contact for the bug.',
  Reporter: 'You reported the bug.',
  CC: 'You are on the CC list for the bug.',
  GlobalWatcher: 'You are watching all bug changes.',
};

/** `[Bug N] New: summary` for a new bug (Bugzilla's bugmail_new_prefix), `[Bug N] summary` after. */
export function bugMailSubject(bugId: number, summary: string, isNew: boolean): string {
  return `[Bug ${bugId}] ${isNew ? 'New: ' : ''}${summary}`;
}

/** The plain-text body of a bug mail, from what the recipient may read only. */
export function bugMailText(change: BugMailChange, summary: string, mail: BugMailRecipient): string {
  const parts = [`Bug ${change.bugId}: ${summary}`];
  const { fields, comments } = mail.content;
  if (fields.length > 0) parts.push(`${change.changer.login} changed:\n\n${fieldTable(fields)}`);
  parts.push(...comments.map((comment) => commentText(comment, change)));
  parts.push(`--\nYou are receiving this mail because:\n${mail.reasons.map((reason) => `* ${REASON_TEXT[reason]}`).join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}

function fieldTable(fields: readonly MailFieldChange[]): string {
  const rows = [['What', 'Removed', 'Added'], ...fields.map((field) => [label(field), field.removed ?? '', field.added])];
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell))
        .join(' | ')
        .trimEnd(),
    )
    .join('\n');
}

function label(field: MailFieldChange): string {
  return field.attachment ? `Attachment #${field.attachment.id} ${field.field}` : field.field;
}

export function commentText(comment: MailComment, change: Pick<BugMailChange, 'changer' | 'occurredAt'>): string {
  const heading = comment.count === 0 ? 'Description' : `Comment #${comment.count}`;
  const privacy = comment.isPrivate ? ' (private)' : '';
  const hours = comment.workTime !== 0 ? `\nHours worked: ${comment.workTime}` : '';
  return `--- ${heading}${privacy} from ${change.changer.login} (${change.occurredAt}) ---\n${comment.text}${hours}`;
}
