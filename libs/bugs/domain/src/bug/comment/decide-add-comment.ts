import { type BugEvent, commentTagProblem, CommonErrors, type DomainError, isBlankComment } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import { changesBetween, isEmptyChange } from '../bug-changes';
import { type BugState, participantsOf } from '../bug.state';
import { checkCommentText } from '../fields/text-fields';
import { checkHours, remainingAfterWork } from '../fields/time-fields';
import { attempt, ok, refuse } from '../refusal';
import { requireEditable } from '../update/decide-update';
import { commentAdded } from '../update/update-events';
import type { AddComment } from './add-comment.command';

/**
 * Bugzilla's Bug.add_comment: the bug must be editable; the text non-blank and at most
 * 65,535 characters; private needs the insider group, work time the time-tracking group.
 * Work time is deducted from the remaining time (floored at 0) in the same append.
 */
export function decideAddComment(command: AddComment, state: BugState): readonly BugEvent[] | DomainError {
  if (!state.exists) return CommonErrors.userError('The bug to comment on does not exist.');
  return attempt(() => {
    requireEditable(command, state);
    if (isBlankComment(command.text)) refuse(CommonErrors.paramRequired('comment'));
    const text = ok(checkCommentText(command.text));
    if (command.isPrivate && !command.actor.insider) refuse(BugErrors.userNotInsider());
    for (const tag of command.tags) {
      const problem = commentTagProblem(tag);
      if (problem === 'too_long') refuse(BugErrors.commentTagTooLong());
      if (problem === 'too_short') refuse(BugErrors.commentTagTooShort());
      if (problem === 'invalid') refuse(BugErrors.commentTagInvalid(tag));
    }
    const workTime = ok(checkHours('work_time', command.workTime, true));
    if (workTime !== 0 && !command.actor.timetracker) refuse(BugErrors.illegalChange('work_time', 3));
    const fields =
      workTime === 0 ? state.fields : { ...state.fields, remainingTime: ok(remainingAfterWork(state.fields.remainingTime, workTime)) };
    const participants = participantsOf(state.reporter, fields);
    const events: BugEvent[] = [];
    const changes = changesBetween(state.fields, fields);
    if (!isEmptyChange(changes)) {
      events.push({
        type: 'BugUpdated',
        data: { bugId: state.bugId, changedBy: command.actor.user, changes, participants: { before: participants, after: participants } },
      });
    }
    const added = commentAdded(
      state,
      command.commentId,
      command.actor.user,
      { text, isPrivate: command.isPrivate, isMarkdown: command.isMarkdown, workTime, addedText: null },
      participants,
    );
    events.push({ ...added, data: { ...added.data, tags: command.tags } });
    return events;
  });
}
