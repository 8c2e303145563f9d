import type { DomainEvent } from '../events/event-envelope';
import { streamType } from '../events/stream-type';

/**
 * A user's personal bug tags (`tags`, an `_extra` bug field) live in the user's own stream
 * `usertags-<userId>`, not in the bug's: they are private to that user, are not part of
 * the bug's history and change nothing for anyone else. Only the bugs service appends.
 */
export const PERSONAL_TAGS_STREAM_PREFIX = 'usertags-';
export const personalTagsStream = (userId: number): string => `${PERSONAL_TAGS_STREAM_PREFIX}${userId}`;

export interface BugTagsChangedData {
  readonly userId: number;
  readonly bugId: number;
  readonly added: readonly string[];
  readonly removed: readonly string[];
}
export type BugTagsChanged = DomainEvent<'BugTagsChanged', BugTagsChangedData>;

export const personalTagsStreamType = streamType<BugTagsChanged>(PERSONAL_TAGS_STREAM_PREFIX, { BugTagsChanged: [] });
