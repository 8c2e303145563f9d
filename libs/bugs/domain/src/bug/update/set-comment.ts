import { BugErrors } from '../../bugs.errors';
import { checkCommentText } from '../fields/text-fields';
import { checkHours, remainingAfterWork } from '../fields/time-fields';
import { ok } from '../refusal';
import type { UpdateBugInput } from './update-bug.command';
import type { UpdateDraft } from './update-draft';

/**
 * Bugzilla's add_comment in an update: the text is normalised, a private comment needs
 * the insider group, work time the time-tracking group; an empty comment without work
 * time adds nothing. Work time is deducted from the remaining time (an explicit
 * remaining_time set later wins).
 */
export function addUpdateComment(draft: UpdateDraft, input: UpdateBugInput): void {
  if (input.comment === undefined && input.workTime === undefined) return;
  const text = ok(checkCommentText(input.comment?.body));
  const isPrivate = input.comment?.isPrivate === true;
  if (isPrivate && !draft.command.actor.insider) draft.refuseWith(BugErrors.userNotInsider());
  const workTime = ok(checkHours('work_time', input.workTime ?? 0, true));
  draft.requireChange({ internal: 'work_time', api: 'work_time' }, 0, workTime);
  if (text === '' && workTime === 0) return;
  draft.comment = { text, isPrivate, isMarkdown: input.comment?.isMarkdown === true, workTime, addedText: null };
  if (workTime !== 0) {
    draft.set(
      'remainingTime',
      { internal: 'remaining_time', api: 'remaining_time' },
      ok(remainingAfterWork(draft.fields.remainingTime, workTime)),
    );
  }
}

/** Bugzilla's set_comment_is_private: only the insider group changes privacy; ids must be the bug's. */
export function setCommentPrivacy(draft: UpdateDraft, privacy: Readonly<Record<string, boolean>>): void {
  const unknown: number[] = [];
  for (const [id, isPrivate] of Object.entries(privacy)) {
    const comment = draft.before.comments.find((candidate) => String(candidate.commentId) === id.trim());
    if (!comment) {
      unknown.push(Number(id));
      continue;
    }
    if (comment.isPrivate === isPrivate) continue;
    if (!draft.command.actor.insider) draft.refuseWith(BugErrors.userNotInsider());
    draft.privacyChanges.push({ commentId: comment.commentId, isPrivate });
  }
  if (unknown.length > 0) draft.refuseWith(BugErrors.commentInvalidIsPrivate(unknown));
}
