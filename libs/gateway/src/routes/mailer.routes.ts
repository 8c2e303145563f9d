import {
  GET_MAIL_PREFERENCES_SUBJECT,
  GET_WATCH_LIST_SUBJECT,
  getMailPreferencesParams,
  getWatchListParams,
  SET_MAIL_PREFERENCES_SUBJECT,
  SET_WATCH_LIST_SUBJECT,
  setMailPreferencesParams,
  setWatchListParams,
} from '@tracker/contracts';
import type { Route } from '../routing/route';

/**
 * The REST routes answered by the mailer, Tracker extensions where Bugzilla has only its
 * preferences page: a user's stored mail preferences (docs/mail.md §10) and watch list (§11).
 */
export const mailerRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/user/:id_or_name/mail_preferences',
    params: getMailPreferencesParams,
    target: { kind: 'message', subject: GET_MAIL_PREFERENCES_SUBJECT },
  },
  {
    method: 'PUT',
    path: '/user/:id_or_name/mail_preferences',
    params: setMailPreferencesParams,
    target: { kind: 'message', subject: SET_MAIL_PREFERENCES_SUBJECT },
  },
  {
    method: 'GET',
    path: '/user/:id_or_name/watch',
    params: getWatchListParams,
    target: { kind: 'message', subject: GET_WATCH_LIST_SUBJECT },
  },
  {
    method: 'PUT',
    path: '/user/:id_or_name/watch',
    params: setWatchListParams,
    target: { kind: 'message', subject: SET_WATCH_LIST_SUBJECT },
  },
];
