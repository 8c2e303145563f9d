import type { BugMailChange, MailComment, MailFieldChange, MailRelationship, VisibleContent } from '@tracker/mailer/domain';

const REASON_TEXT: Readonly<Record<MailRelationship, string>> = {
  AssignedTo: 'You are the assignee for the bug.',
  QAcontact: 'You are the QA Contact for the bug.',
  Reporter: 'You reported the bug.',
  CC: 'You are on the CC list for the bug.',
  GlobalWatcher: 'You are watching all bug changes.',
};

/** Bugzilla's bugmail.txt.tmpl `reasons_watch`: a role held by a user one watches. */
const WATCH_REASON_TEXT: Readonly<Record<MailRelationship, string>> = {
  AssignedTo: 'You are watching the assignee of the bug.',
  QAcontact: 'You are watching the QA Contact of the bug.',
  Reporter: 'You are watching the reporter of the bug.',
  CC: 'You are watching someone on the CC list of the bug.',
  GlobalWatcher: 'You are watching someone who watches all bug changes.',
};

/** One diff row as both templates show it. */
export interface FieldRowView {
  readonly label: string;
  readonly removed: string;
  readonly added: string;
}

export interface CommentView {
  /** `Description`, `Comment #3 (private)` */
  readonly heading: string;
  readonly author: string;
  readonly at: string;
  readonly text: string;
  /** '' when no hours were worked, or the reader may not see them */
  readonly hours: string;
}

/** What a bug mail's templates fill in: text values only, escaped (or not) by the template's engine. */
export interface BugMailView {
  /** the paragraphs above the diff (`Bug N: summary`) */
  readonly heading: readonly string[];
  readonly changer: string;
  readonly rows: readonly FieldRowView[];
  /** the rows as Bugzilla's plain-text table, columns padded */
  readonly table: string;
  readonly comments: readonly CommentView[];
  readonly reasons: readonly string[];
}

/** The view of one recipient's mail, from what they may read only. */
export function bugMailView(
  change: BugMailChange,
  heading: readonly string[],
  content: VisibleContent,
  reasons: readonly MailRelationship[],
  watchReasons: readonly MailRelationship[],
): BugMailView {
  const rows = content.fields.map(rowView);
  return {
    heading,
    changer: change.changer.login,
    rows,
    table: textTable(rows),
    comments: content.comments.map((comment) => commentView(comment, change)),
    reasons: [...reasons.map((reason) => REASON_TEXT[reason]), ...watchReasons.map((reason) => WATCH_REASON_TEXT[reason])],
  };
}

function rowView(field: MailFieldChange): FieldRowView {
  const label = field.attachment ? `Attachment #${field.attachment.id} ${field.field}` : field.field;
  return { label, removed: field.removed ?? '', added: field.added };
}

function textTable(rows: readonly FieldRowView[]): string {
  const cells = [['What', 'Removed', 'Added'], ...rows.map((row) => [row.label, row.removed, row.added])];
  const widths = [0, 1].map((column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return cells
    .map((row) =>
      row
        .map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell))
        .join(' | ')
        .trimEnd(),
    )
    .join('\n');
}

export function commentView(comment: MailComment, change: Pick<BugMailChange, 'changer' | 'occurredAt'>): CommentView {
  const heading = comment.count === 0 ? 'Description' : `Comment #${comment.count}`;
  return {
    heading: comment.isPrivate ? `${heading} (private)` : heading,
    author: change.changer.login,
    at: change.occurredAt,
    text: comment.text,
    hours: comment.workTime !== 0 ? String(comment.workTime) : '',
  };
}
