import { z } from 'zod';
import * as param from '../params/param-types';

/**
 * A user's mail preferences over REST (a Tracker extension, docs/mail.md §10):
 * `GET /rest/user/{id_or_name}/mail_preferences` reads them, `PUT` the same shape replaces
 * the relationships it names (and `global` when given). The user themself, or `editusers`
 * for anyone. The shape of `relationships` and the names in it are checked by the mailer,
 * which answers 32000 naming what it does not know.
 */
export const GET_MAIL_PREFERENCES_SUBJECT = 'mailer.preferences.get';
export const SET_MAIL_PREFERENCES_SUBJECT = 'mailer.preferences.set';

export const getMailPreferencesParams = z.object({ id_or_name: param.string() });
export type GetMailPreferencesParams = z.infer<typeof getMailPreferencesParams>;

export const setMailPreferencesParams = z.object({
  id_or_name: param.string(),
  relationships: z.unknown().optional(),
  global: z.unknown().optional(),
});
export type SetMailPreferencesParams = z.infer<typeof setMailPreferencesParams>;

export interface MailPreferencesWire {
  /** per relationship (AssignedTo, QAcontact, Reporter, CC), the events that are on */
  readonly relationships: Readonly<Record<string, readonly string[]>>;
  /** the global (flag) events that are on */
  readonly global: readonly string[];
}
