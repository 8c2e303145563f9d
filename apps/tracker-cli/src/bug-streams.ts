import { bugStream, commentTagsStream } from '@tracker/contracts';
import type { RecordedEvent } from '@tracker/platform/event-store';

/**
 * The streams that make up a bug's record: `bug-<id>` (the bug, its comments, attachments
 * and flags all live there) and the tag stream of each of its comments
 * (`commenttags-<comment id>`), found from the comment ids its own events carry.
 */
export function bugAuditStreams(bugId: number, bugEvents: readonly RecordedEvent[]): string[] {
  const commentIds = new Set<number>();
  for (const event of bugEvents) {
    const data = event.data as { readonly commentId?: unknown; readonly description?: { readonly commentId?: unknown } };
    const commentId =
      event.type === 'BugCreated' ? data.description?.commentId : event.type === 'CommentAdded' ? data.commentId : undefined;
    if (typeof commentId === 'number') commentIds.add(commentId);
  }
  return [bugStream(bugId), ...[...commentIds].map(commentTagsStream)];
}
