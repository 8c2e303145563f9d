import type { DomainEvent } from '../events/event-envelope';
import { streamType } from '../events/stream-type';

/**
 * The events of a `commenttags-<commentId>` stream, written only by the comments service.
 * The tags a comment was created with are facts of its bug's stream (CommentAdded); this
 * stream records every later change. Each event carries the whole list afterwards, so
 * the stream folds without the bug's events, and what was added and removed, for the
 * usage counts behind the tag search.
 */
export const COMMENT_TAGS_STREAM_PREFIX = 'commenttags-';
export const commentTagsStream = (commentId: number): string => `${COMMENT_TAGS_STREAM_PREFIX}${commentId}`;

export interface CommentTagsUpdatedData {
  readonly commentId: number;
  readonly bugId: number;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** the comment's tags after the change, sorted */
  readonly tags: readonly string[];
}

export type CommentTagsUpdated = DomainEvent<'CommentTagsUpdated', CommentTagsUpdatedData>;
export type CommentTagsEvent = CommentTagsUpdated;

export const commentTagsStreamType = streamType<CommentTagsEvent>(COMMENT_TAGS_STREAM_PREFIX, { CommentTagsUpdated: [] });
