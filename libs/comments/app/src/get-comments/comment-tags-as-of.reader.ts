import { Inject, Injectable } from '@nestjs/common';
import { type CommentTagsEvent, commentTagsStream } from '@tracker/contracts';
import { commentTagsAsOf } from '@tracker/comments/domain';
import { domainEvent, EVENT_STORE, type EventStore } from '@tracker/platform/event-store';
import type { CommentRow } from '../read-model/comment.row';

/**
 * Comment tags as they were at an instant (docs/as-of.md): each comment's own tag stream
 * read at the moment of the request and folded up to the instant. One stream read per
 * comment, so only done when the caller wants `tags`.
 */
@Injectable()
export class CommentTagsAsOfReader {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async withTagsAsOf(rows: readonly CommentRow[], instant: string): Promise<CommentRow[]> {
    return Promise.all(
      rows.map(async (row) => {
        const recorded = await this.store.readStream(commentTagsStream(row.commentId));
        const events = recorded.map((event) => ({ event: domainEvent<CommentTagsEvent>(event), occurredAt: event.metadata.occurredAt }));
        return { ...row, tags: commentTagsAsOf(events, row.creationTags, instant) };
      }),
    );
  }
}
