import type { BugAccessFacts } from '@tracker/contracts';
import type { MailFieldValues } from '../change/field-values';
import type { MailPreferences } from '../preferences/mail-preferences';

/** What the mailer must know of a user to mail them (asked of identity when the change is mailed). */
export interface MailUserFacts {
  readonly id: number;
  /** names them in a watcher's `X-Tracker-Watch-Reason` */
  readonly login: string;
  readonly email: string;
  /** false: Bugzilla's disable_mail, nothing is sent */
  readonly emailEnabled: boolean;
  /** effective groups, for `canSeeBug` */
  readonly groupIds: readonly number[];
  /** may read private comments and attachments */
  readonly isInsider: boolean;
  /** may read time tracking (estimated, remaining and worked time, the deadline) */
  readonly isTimeTracker: boolean;
  readonly preferences: MailPreferences;
}

/** The bug after the change, as the notifier folded it from its events. */
export interface BugMailFacts {
  readonly access: BugAccessFacts;
  readonly status: string;
  /** for the subject */
  readonly summary: string;
  /** the bugs this one blocks: told when it opens or closes (`dep_changed`) */
  readonly blocks: readonly number[];
  /** its single-valued fields as mail text: the next change's "Removed" column */
  readonly fieldValues: MailFieldValues;
}

export interface MailFacts {
  readonly bug: BugMailFacts;
  /** every user the change names; one missing is not mailed (an account unknown to identity) */
  readonly users: ReadonlyMap<number, MailUserFacts>;
  /** Bugzilla's `globalwatchers` */
  readonly globalWatcherIds: readonly number[];
  /** Bugzilla's user watching: watched user id → the ids of their watchers (docs/mail.md §11) */
  readonly watchersOf: ReadonlyMap<number, readonly number[]>;
}

/** Names a recipient within a change: the job id's last part. */
export function recipientKey(recipient: { readonly userId: number | null; readonly address: string }): string {
  return recipient.userId === null ? `a${recipient.address.toLowerCase()}` : `u${recipient.userId}`;
}
