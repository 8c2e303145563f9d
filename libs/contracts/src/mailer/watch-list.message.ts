import { z } from 'zod';
import * as param from '../params/param-types';

/**
 * A user's watch list over REST (a Tracker extension, docs/mail.md §11; Bugzilla has only its
 * preferences page): `GET /rest/user/{id_or_name}/watch` answers whom the user watches and
 * who watches them, `PUT` with `{add: [logins], remove: [logins]}` changes whom they watch.
 * The user themself, or `editusers` for anyone. `add` and `remove` may each be one login or
 * a list, as Bug.update's `cc` edits.
 */
export const GET_WATCH_LIST_SUBJECT = 'mailer.watch.get';
export const SET_WATCH_LIST_SUBJECT = 'mailer.watch.set';

/** At most this many logins in `add` and in `remove` of one request. */
export const WATCH_LIST_CHANGE_MAX = 1000;

export const getWatchListParams = z.object({ id_or_name: param.string() });
export type GetWatchListParams = z.infer<typeof getWatchListParams>;

export const setWatchListParams = z.object({
  id_or_name: param.string(),
  add: param.optional(param.list(param.string())),
  remove: param.optional(param.list(param.string())),
});
export type SetWatchListParams = z.infer<typeof setWatchListParams>;

export interface WatchListWire {
  /** logins of the users this user watches, sorted */
  readonly watched: readonly string[];
  /** logins of the users who watch this user, sorted */
  readonly watchers: readonly string[];
}
