import type { BugEvent, CommentAdded, CommentPrivacyChanged, UserRef } from '@tracker/contracts';
import { changesBetween, isEmptyChange } from '../bug-changes';
import { participantsOf } from '../bug.state';
import type { ExistingBug } from '../bug.state';
import type { DraftComment, UpdateDraft } from './update-draft';

/** The events of a decided update: the change set, the comment, privacy changes; none for a no-op. */
export function updateEvents(draft: UpdateDraft): BugEvent[] {
  const { before, command } = draft;
  const events: BugEvent[] = [];
  const changes = changesBetween(before.fields, draft.fields);
  const after = participantsOf(before.reporter, draft.fields);
  if (!isEmptyChange(changes)) {
    events.push({
      type: 'BugUpdated',
      data: {
        bugId: before.bugId,
        changedBy: command.actor.user,
        changes,
        participants: { before: participantsOf(before.reporter, before.fields), after },
      },
    });
  }
  if (draft.comment) events.push(commentAdded(before, command.commentId, command.actor.user, draft.comment, after));
  for (const change of draft.privacyChanges) {
    const event: CommentPrivacyChanged = {
      type: 'CommentPrivacyChanged',
      data: {
        bugId: before.bugId,
        commentId: change.commentId,
        isPrivate: change.isPrivate,
        changedBy: command.actor.user,
        participants: after,
      },
    };
    events.push(event);
  }
  return events;
}

export function commentAdded(
  bug: ExistingBug,
  commentId: number,
  author: UserRef,
  comment: DraftComment,
  participants: ReturnType<typeof participantsOf>,
): CommentAdded {
  return {
    type: 'CommentAdded',
    data: {
      bugId: bug.bugId,
      commentId,
      count: nextCount(bug),
      text: comment.text,
      isPrivate: comment.isPrivate,
      isMarkdown: comment.isMarkdown,
      workTime: comment.workTime,
      tags: [],
      attachmentId: null,
      attachmentNote: null,
      addedText: comment.addedText,
      author,
      participants,
    },
  };
}

export function nextCount(bug: ExistingBug): number {
  return bug.comments.reduce((max, comment) => Math.max(max, comment.count), -1) + 1;
}
