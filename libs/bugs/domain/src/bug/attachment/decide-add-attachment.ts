import {
  AttachmentErrors,
  type BugEvent,
  checkContentType,
  checkFileName,
  checkSummary,
  type Checked,
  CommonErrors,
  type DomainError,
} from '@tracker/contracts';
import { type BugState, participantsOf } from '../bug.state';
import { checkCommentText } from '../fields/text-fields';
import { attempt, ok, refuse } from '../refusal';
import { requireEditable } from '../update/decide-update';
import { nextCount } from '../update/update-events';
import type { AddAttachment } from './add-attachment.command';
import { flagEvents } from '../flags/flag-outcome';
import { FlagPlacement, requesteesJoinCc } from './attachment-flags';
import { obsoleted, requireObsoletes } from './obsoletes';

const optional = <T>(value: T | null): T[] => (value === null ? [] : [value]);
const valueOf = <T>(checked: Checked<T>): T => (checked.ok ? checked.value : refuse(checked.error));

/**
 * Bugzilla's Bug.add_attachment for one bug (docs/attachments.md §2, create): the bug
 * editable (109), the fields by the shared rules (604, 603, 113, 601, as the comments
 * service checked them), `obsoletes`, the flags service's decision on `flags` and `bug_flags`, then the comment
 * (114). Events, one append: AttachmentCreated, AttachmentUpdated per attachment made
 * obsolete, FlagsChanged per target, BugUpdated when requestees join the CC list, and the
 * "Created attachment N" CommentAdded, private exactly when the attachment is.
 */
export function decideAddAttachment(command: AddAttachment, state: BugState): readonly BugEvent[] | DomainError {
  if (!state.exists) return CommonErrors.userError('The bug to attach to does not exist.');
  const bug = state;
  return attempt(() => {
    requireEditable(command, bug);
    const given = command.attachment;
    const summary = valueOf(checkSummary(given.summary));
    const fileName = valueOf(checkFileName(given.fileName, 'create'));
    if (given.isPrivate && !command.actor.insider) refuse(AttachmentErrors.notInsider());
    const contentType = valueOf(checkContentType(given.contentType, given.isPatch));
    const obsoletes = requireObsoletes(bug, command.actor, command.obsoletes, command.obsoleteOwners);
    // the attachment's flags, then its bug's (one decision, both groups, in that order)
    const flags = new FlagPlacement(command.flags).rest();
    const body = ok(checkCommentText(command.comment.body));
    const participants = participantsOf(bug.reporter, bug.fields);
    const user = command.actor.user;
    const events: BugEvent[] = [
      {
        type: 'AttachmentCreated',
        data: {
          bugId: bug.bugId,
          attachmentId: command.attachmentId,
          creator: user,
          fileName,
          summary,
          contentType,
          isPatch: given.isPatch,
          isPrivate: given.isPrivate,
          size: command.blob.size,
          sha256: command.blob.sha256,
          commentId: command.commentId,
          participants,
        },
      },
      ...obsoletes.map((id) => obsoleted(bug, id, user)),
      ...flagEvents(flags),
      ...optional(requesteesJoinCc(bug, user, flags)),
      {
        type: 'CommentAdded',
        data: {
          bugId: bug.bugId,
          commentId: command.commentId,
          count: nextCount(bug),
          text: body,
          isPrivate: given.isPrivate,
          isMarkdown: command.comment.isMarkdown,
          workTime: 0,
          tags: [],
          attachmentId: command.attachmentId,
          attachmentNote: 'created',
          addedText: null,
          author: user,
          participants,
        },
      },
    ];
    return events;
  });
}
