import {
  AttachmentErrors,
  type AttachmentMutableFields,
  type AttachmentUpdated,
  type BugEvent,
  checkContentType,
  checkFileName,
  checkSummary,
  type Checked,
  CommonErrors,
  type DomainError,
  type UserRef,
} from '@tracker/contracts';
import type { Actor } from '../../rules/actor';
import type { AttachmentRef } from '../bug-attachments.state';
import { type BugState, type ExistingBug, participantsOf } from '../bug.state';
import { checkCommentText } from '../fields/text-fields';
import { attempt, ok, refuse } from '../refusal';
import { requireEditable } from '../update/decide-update';
import { nextCount } from '../update/update-events';
import { canEditAttachment } from './attachment-rights';
import type { UpdateAttachments } from './update-attachments.command';
import { flagEvents } from '../flags/flag-outcome';
import { FlagPlacement, requesteesJoinCc, updateAttachmentsFlagGroups } from './attachment-flags';

const valueOf = <T>(checked: Checked<T>): T => (checked.ok ? checked.value : refuse(checked.error));

/**
 * Bugzilla's Bug.update_attachment for the attachments of one bug (docs/attachments.md §1.3,
 * §2 update, §4.3): per attachment in order, flag extraction (51, 132, 133), rights (32000;
 * a caller who may not edit it may still change flags they set or are asked for), the
 * fields in `set_all` order (604, 603, obsolete, patch, 113, 601), flag application; then
 * the bug's `bug_flags`, then the comment (114). Events: one AttachmentUpdated per attachment
 * that changed, FlagsChanged per target, BugUpdated when requestees join the CC list, one
 * "Comment on attachment N" per attachment when a comment is given, private when the
 * attachment is after the update.
 */
export function decideUpdateAttachments(command: UpdateAttachments, state: BugState): readonly BugEvent[] | DomainError {
  if (!state.exists) return CommonErrors.userError('The bug of the attachment does not exist.');
  const bug = state;
  return attempt(() => {
    if (!isEditable(command, bug)) refuse(AttachmentErrors.bugEditDenied(bug.bugId));
    const groups = updateAttachmentsFlagGroups(command, bug);
    const placement = new FlagPlacement(command.flags);
    const decided = command.attachmentIds.map((id) => {
      const attachment = bug.attachments.find((candidate) => candidate.attachmentId === id) ?? refuse(AttachmentErrors.invalidId(id));
      const group = groups.findIndex((candidate) => candidate.attachmentId === id);
      placement.refuseAt(['extract', 'rights'], group);
      // a flag-only edit (the flags service keeps it to the caller's own flags): no field changes
      const editable = canEditAttachment(command.actor, attachment);
      if (!editable && group < 0) refuse(AttachmentErrors.editDenied(id));
      const after = editable ? requireFields(command.actor, attachment, command.changes) : attachment;
      placement.refuseAt(['apply'], group);
      return { attachment, after };
    });
    const flags = placement.rest();
    const body = command.comment === null ? null : ok(checkCommentText(command.comment.body));
    const participants = participantsOf(bug.reporter, bug.fields);
    const user = command.actor.user;
    const events: BugEvent[] = [];
    decided.forEach(({ attachment, after }) => {
      const updated = attachmentUpdated(bug, attachment, after, user);
      if (updated) events.push(updated);
    });
    events.push(...flagEvents(flags));
    const cc = requesteesJoinCc(bug, user, flags);
    if (cc) events.push(cc);
    if (body !== null && command.comment) {
      const first = nextCount(bug);
      decided.forEach(({ attachment, after }, index) => {
        events.push({
          type: 'CommentAdded',
          data: {
            bugId: bug.bugId,
            commentId: command.commentIds[index] ?? 0,
            count: first + index,
            text: body,
            isPrivate: after.isPrivate,
            isMarkdown: command.comment?.isMarkdown ?? false,
            workTime: 0,
            tags: [],
            attachmentId: attachment.attachmentId,
            attachmentNote: 'updated',
            addedText: null,
            author: user,
            participants,
          },
        });
      });
    }
    return events;
  });
}

function isEditable(command: UpdateAttachments, bug: ExistingBug): boolean {
  return attempt(() => requireEditable(command, bug)) === undefined;
}

/** The attachment's fields after the change, in Bugzilla's `set_all` order of checks. */
function requireFields(actor: Actor, attachment: AttachmentRef, given: Partial<AttachmentMutableFields>): AttachmentMutableFields {
  const summary = given.summary === undefined ? attachment.summary : valueOf(checkSummary(given.summary));
  const fileName = given.fileName === undefined ? attachment.fileName : valueOf(checkFileName(given.fileName, 'update'));
  const isObsolete = given.isObsolete ?? attachment.isObsolete;
  const isPatch = given.isPatch ?? attachment.isPatch;
  const isPrivate = given.isPrivate ?? attachment.isPrivate;
  if (isPrivate !== attachment.isPrivate && !actor.insider) refuse(AttachmentErrors.notInsider());
  const forcing = isPatch && (given.isPatch === true || given.contentType !== undefined);
  const contentType =
    given.contentType === undefined && !forcing ? attachment.contentType : valueOf(checkContentType(given.contentType, isPatch));
  return { summary, fileName, isObsolete, isPatch, isPrivate, contentType };
}

const KEYS: ReadonlyArray<keyof AttachmentMutableFields> = ['fileName', 'summary', 'contentType', 'isPatch', 'isPrivate', 'isObsolete'];

function attachmentUpdated(
  bug: ExistingBug,
  attachment: AttachmentRef,
  after: AttachmentMutableFields,
  changedBy: UserRef,
): AttachmentUpdated | null {
  const changed = KEYS.filter((key) => after[key] !== attachment[key]);
  if (changed.length === 0) return null;
  const pick = (from: AttachmentMutableFields): Partial<AttachmentMutableFields> =>
    Object.fromEntries(changed.map((key) => [key, from[key]]));
  return {
    type: 'AttachmentUpdated',
    data: {
      bugId: bug.bugId,
      attachmentId: attachment.attachmentId,
      changedBy,
      changes: pick(after),
      before: pick(attachment),
      isPrivate: after.isPrivate,
      participants: participantsOf(bug.reporter, bug.fields),
    },
  };
}
