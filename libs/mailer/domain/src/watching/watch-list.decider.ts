import type { Decider, UserRef, WatchListSet } from '@tracker/contracts';
import { MailerErrors } from '../mailer.errors';

/**
 * PUT /rest/user/{id}/watch (docs/mail.md §11), Bugzilla's "User Watching": the watcher
 * starts watching `add` and stops watching `remove`. The handler checked who may and turned
 * the logins into ids (an unknown login is refused there); watching oneself and naming a
 * user in both lists are refused here, and a refusal records nothing.
 */
export interface ChangeWatchList {
  readonly kind: 'ChangeWatchList';
  readonly userId: number;
  /** the users named, as identity knows them (the login only names them in a refusal) */
  readonly add: readonly UserRef[];
  readonly remove: readonly UserRef[];
}

/** The ids a user watches, ascending. */
export interface WatchList {
  readonly watchedIds: readonly number[];
}

/** One stream per watcher, `watch-<id>`; nobody is watched before its first event. */
export const watchListDecider: Decider<WatchList, ChangeWatchList, WatchListSet> = {
  initialState: () => ({ watchedIds: [] }),
  decide(command, state) {
    if (command.add.some((user) => user.id === command.userId)) return MailerErrors.watchSelf();
    const both = command.add.find((user) => command.remove.some((other) => other.id === user.id));
    if (both !== undefined) return MailerErrors.watchAddedAndRemoved(both.login);
    const watched = new Set(state.watchedIds);
    for (const user of command.add) watched.add(user.id);
    for (const user of command.remove) watched.delete(user.id);
    const watchedIds = [...watched].sort((a, b) => a - b);
    if (watchedIds.length === state.watchedIds.length && watchedIds.every((id, i) => state.watchedIds[i] === id)) return [];
    return [{ type: 'WatchListSet', data: { userId: command.userId, watchedIds } }];
  },
  evolve: (_state, event) => ({ watchedIds: event.data.watchedIds }),
};
