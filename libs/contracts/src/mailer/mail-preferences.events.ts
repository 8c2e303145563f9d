import type { DomainEvent } from '../events/event-envelope';
import { streamType } from '../events/stream-type';

/**
 * A user's stored mail preferences (docs/mail.md §10), in the user's own stream
 * `mailprefs-<userId>`: each event carries the whole setting, Bugzilla's `email_setting`
 * rows for the user, with the event names of docs/mail.md §3. Only the mailer appends; a
 * user without a stream has Bugzilla's defaults.
 */
export const MAIL_PREFERENCES_STREAM_PREFIX = 'mailprefs-';
export const mailPreferencesStream = (userId: number): string => `${MAIL_PREFERENCES_STREAM_PREFIX}${userId}`;

export interface MailPreferencesSetData {
  readonly userId: number;
  /** per role (AssignedTo, QAcontact, Reporter, CC), the bug and negative events that are on */
  readonly roles: Readonly<Record<string, readonly string[]>>;
  /** the global (flag) events that are on */
  readonly global: readonly string[];
}
export type MailPreferencesSet = DomainEvent<'MailPreferencesSet', MailPreferencesSetData>;

export const mailPreferencesStreamType = streamType<MailPreferencesSet>(MAIL_PREFERENCES_STREAM_PREFIX, { MailPreferencesSet: [] });
