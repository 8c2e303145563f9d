import { attachmentCommentText, type CommentObject, commentFullText, sortCommentTags } from '@tracker/contracts';
import type { CommentRow } from '../read-model/comment.row';

/** A read-model row as the contract's Comment object; `tags` only while tagging is enabled. */
export function toCommentObject(row: CommentRow, withTags: boolean): CommentObject {
  return {
    id: row.commentId,
    bug_id: row.bugId,
    attachment_id: row.attachmentId,
    count: row.count,
    text:
      row.attachmentNote !== null && row.attachmentId !== null
        ? attachmentCommentText(row.attachmentNote, row.attachmentId, row.attachmentSummary ?? '', row.body)
        : commentFullText(row.body, row.addedText),
    raw_text: row.body,
    creator: row.creator,
    time: row.time,
    creation_time: row.time,
    is_private: row.isPrivate,
    is_markdown: row.isMarkdown,
    ...(withTags ? { tags: sortCommentTags(row.tags) } : {}),
  };
}
