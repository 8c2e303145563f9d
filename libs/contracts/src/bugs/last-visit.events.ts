import type { DomainEvent } from '../events/event-envelope';
import { streamType } from '../events/stream-type';

/**
 * When a user last visited bugs (`/bug_user_last_visit`), in the user's own stream
 * `lastvisit-<userId>`: a visit is the user's fact, not the bug's, and must not touch the
 * bug's history or last_change_time. Only the bugs service appends.
 */
export const LAST_VISIT_STREAM_PREFIX = 'lastvisit-';
export const lastVisitStream = (userId: number): string => `${LAST_VISIT_STREAM_PREFIX}${userId}`;

export interface BugsVisitedData {
  readonly userId: number;
  readonly bugIds: readonly number[];
  /** ISO-8601 UTC, whole seconds */
  readonly visitedAt: string;
}
export type BugsVisited = DomainEvent<'BugsVisited', BugsVisitedData>;

export const lastVisitStreamType = streamType<BugsVisited>(LAST_VISIT_STREAM_PREFIX, { BugsVisited: [] });
