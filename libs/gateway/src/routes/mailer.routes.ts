import {
  GET_MAIL_PREFERENCES_SUBJECT,
  getMailPreferencesParams,
  SET_MAIL_PREFERENCES_SUBJECT,
  setMailPreferencesParams,
} from '@tracker/contracts';
import type { Route } from '../routing/route';

/**
 * The REST routes answered by the mailer: a user's stored mail preferences (a Tracker
 * extension; Bugzilla has only its preferences page), docs/mail.md §10.
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
];
