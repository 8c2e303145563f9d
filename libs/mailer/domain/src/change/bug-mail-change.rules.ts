import type { AttachmentNote, BugEvent, BugParticipants, CommentAddedData, DescriptionFacts, UserRef } from '@tracker/contracts';
import { assertNever, attachmentCommentText } from '@tracker/contracts';
import type { BugMailChange, MailComment, MailFieldChange, MailFlagTarget } from './bug-mail-change';
import { attachmentFieldDiffs, bugFieldDiffs, flagFieldDiff } from './field-diffs';
import { fieldValuesOf, type MailFieldValues, withChangedValues } from './field-values';
import { WORK_TIME_FIELD_NAME } from './mail-fields';

/** The events of one change, as the store hands them out (the first one's id names the change). */
export interface ChangeEvents {
  readonly changeId: string;
  readonly occurredAt: string;
  readonly events: readonly BugEvent[];
  /** the bug's field values before the change (`BugMailFacts.fieldValues`): the diff rows' "Removed" */
  readonly fieldValues: MailFieldValues;
}

interface Draft {
  changer: UserRef | null;
  isNew: boolean;
  openStateChanged: boolean;
  before: BugParticipants | null | undefined;
  after: BugParticipants | null;
  fields: MailFieldChange[];
  comments: DraftComment[];
  flags: MailFlagTarget[];
  /** attachments of the change: summary for their notes, privacy for the comments about them */
  attachments: Map<number, { summary: string; isPrivate: boolean }>;
  /** the bug's values as of the event being added: each BugUpdated's old values */
  values: MailFieldValues;
}

/**
 * Flattens one change's events into what its mails may say; null when none of them is
 * mailed (a comment's privacy changing alone, as in Bugzilla).
 */
export function bugMailChange(input: ChangeEvents): BugMailChange | null {
  const draft: Draft = {
    changer: null,
    isNew: false,
    openStateChanged: false,
    before: undefined,
    after: null,
    fields: [],
    comments: [],
    flags: [],
    attachments: new Map(),
    values: input.fieldValues,
  };
  let bugId: number | null = null;
  for (const event of input.events) {
    bugId = event.data.bugId;
    add(draft, event);
  }
  const { changer, after } = draft;
  if (bugId === null || changer === null || after === null) return null;
  return {
    changeId: input.changeId,
    bugId,
    changer,
    occurredAt: input.occurredAt,
    isNew: draft.isNew,
    openStateChanged: draft.openStateChanged,
    fields: draft.fields,
    comments: draft.comments.map((comment) => withAttachmentText(comment, draft)),
    flags: draft.flags,
    participants: { before: draft.isNew ? null : (draft.before ?? after), after },
  };
}

function add(draft: Draft, event: BugEvent): void {
  switch (event.type) {
    case 'BugCreated':
      draft.isNew = true;
      draft.values = fieldValuesOf(event.data.fields);
      return touch(draft, event.data.reporter, null, event.data.participants, [comment(event.data.description, null)]);
    case 'BugUpdated':
      draft.fields.push(...bugFieldDiffs(event.data.changes, draft.values));
      draft.values = withChangedValues(draft.values, event.data.changes);
      // BugUpdated carries isOpen only when it changed
      if (event.data.changes.isOpen !== undefined) draft.openStateChanged = true;
      return touch(draft, event.data.changedBy, event.data.participants.before, event.data.participants.after);
    case 'CommentAdded':
      return touch(draft, event.data.author, event.data.participants, event.data.participants, [comment(event.data, event.data)]);
    case 'CommentPrivacyChanged':
      return;
    case 'AttachmentCreated':
      draft.attachments.set(event.data.attachmentId, { summary: event.data.summary, isPrivate: event.data.isPrivate });
      return touch(draft, event.data.creator, event.data.participants, event.data.participants);
    case 'AttachmentUpdated':
      draft.fields.push(...attachmentFieldDiffs(event.data));
      return touch(draft, event.data.changedBy, event.data.participants, event.data.participants);
    case 'FlagsChanged': {
      const attachment =
        event.data.attachmentId === null ? null : { id: event.data.attachmentId, isPrivate: event.data.attachmentIsPrivate === true };
      draft.flags.push({ attachment, changes: event.data.changes });
      draft.fields.push(...flagFieldDiff(event.data));
      return touch(draft, event.data.changedBy, event.data.participants, event.data.participants);
    }
    default:
      return assertNever(event);
  }
}

/** The first event's `before` and the last event's `after` bound the change. */
function touch(
  draft: Draft,
  changer: UserRef,
  before: BugParticipants | null,
  after: BugParticipants,
  comments: DraftComment[] = [],
): void {
  draft.changer ??= changer;
  if (draft.before === undefined) draft.before = before;
  draft.after = after;
  for (const added of comments) {
    draft.comments.push(added);
    if (added.workTime !== 0)
      draft.fields.push({ field: WORK_TIME_FIELD_NAME, removed: null, added: String(added.workTime), attachment: null });
  }
}

/** A comment before its attachment note is written out (the attachment may come later in the change). */
interface DraftComment extends MailComment {
  readonly note: { readonly kind: AttachmentNote; readonly attachmentId: number } | null;
}

function comment(facts: DescriptionFacts | CommentAddedData, added: CommentAddedData | null): DraftComment {
  const attachmentNote = added?.attachmentNote ?? null;
  return {
    commentId: facts.commentId,
    count: facts.count,
    text: facts.addedText ? `${facts.text}${facts.addedText}` : facts.text,
    isPrivate: facts.isPrivate,
    workTime: facts.workTime,
    createsAttachment: attachmentNote === 'created',
    note: attachmentNote && facts.attachmentId !== null ? { kind: attachmentNote, attachmentId: facts.attachmentId } : null,
  };
}

/** Bugzilla's "Created attachment N" head, with the summary the same change gave it; a private attachment's note is private. */
function withAttachmentText(draftComment: DraftComment, draft: Draft): MailComment {
  const { note, ...rest } = draftComment;
  if (!note) return rest;
  const attachment = draft.attachments.get(note.attachmentId);
  return {
    ...rest,
    text: attachmentCommentText(note.kind, note.attachmentId, attachment?.summary ?? '', rest.text),
    isPrivate: rest.isPrivate || attachment?.isPrivate === true,
  };
}
