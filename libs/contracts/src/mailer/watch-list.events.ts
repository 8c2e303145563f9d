import type { DomainEvent } from '../events/event-envelope';
import { streamType } from '../events/stream-type';

/**
 * Whom a user watches (Bugzilla's "User Watching", docs/mail.md §11), in the watcher's own
 * stream `watch-<userId>`: each event carries the whole list of watched user ids, so the
 * state is the last event. Only the mailer appends; a user without a stream watches nobody.
 */
export const WATCH_LIST_STREAM_PREFIX = 'watch-';
export const watchListStream = (userId: number): string => `${WATCH_LIST_STREAM_PREFIX}${userId}`;

export interface WatchListSetData {
  /** the watcher */
  readonly userId: number;
  /** the users they watch, ascending ids (logins may change, ids do not) */
  readonly watchedIds: readonly number[];
}
export type WatchListSet = DomainEvent<'WatchListSet', WatchListSetData>;

export const watchListStreamType = streamType<WatchListSet>(WATCH_LIST_STREAM_PREFIX, { WatchListSet: [] });
