import {
  BUG_MAIL_EVENTS,
  type BugMailEvent,
  type GlobalMailEvent,
  type MailRelationship,
  type MailRole,
  type NegativeMailEvent,
} from './mail-events';

/**
 * A user's mail settings, Bugzilla's `email_setting` rows: per role the bug and negative
 * events that are on, and the global (flag) events that are on.
 */
export interface MailPreferences {
  readonly roles: Readonly<Record<MailRole, readonly (BugMailEvent | NegativeMailEvent)[]>>;
  readonly global: readonly GlobalMailEvent[];
}

/**
 * A new account's settings (Bugzilla/User.pm): every role wants events 0-11 and
 * `unconfirmed`, except `cc`, which only the reporter wants; `changed-by-me` is off, both
 * flag events on. So nobody is told of their own changes and only the reporter of CC-only changes.
 */
export function defaultMailPreferences(): MailPreferences {
  const allButCc = [...BUG_MAIL_EVENTS.filter((event) => event !== 'cc'), 'unconfirmed' as const];
  return {
    roles: { AssignedTo: allButCc, QAcontact: allButCc, Reporter: [...BUG_MAIL_EVENTS, 'unconfirmed'], CC: allButCc },
    global: ['flag-requested', 'requested-flag-answered'],
  };
}

/** What about the change matters to the exclusions (the negative events). */
export interface ChangeCircumstances {
  /** the recipient made the change */
  readonly ownChange: boolean;
  /** the bug is UNCONFIRMED after the change */
  readonly unconfirmed: boolean;
}

/**
 * Bugzilla's wants_bug_mail for one relationship: one of the change's events is on for the
 * role, and every exclusion that applies is opted out of. A global watcher always wants it.
 */
export function wantsBugMail(
  preferences: MailPreferences,
  relationship: MailRelationship,
  events: ReadonlySet<BugMailEvent>,
  circumstances: ChangeCircumstances,
): boolean {
  if (relationship === 'GlobalWatcher') return true;
  const on = preferences.roles[relationship];
  if (![...events].some((event) => on.includes(event))) return false;
  if (circumstances.ownChange && !on.includes('changed-by-me')) return false;
  return !circumstances.unconfirmed || on.includes('unconfirmed');
}

export function wantsGlobalMail(preferences: MailPreferences, event: GlobalMailEvent): boolean {
  return preferences.global.includes(event);
}
