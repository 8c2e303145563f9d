/**
 * Bugzilla's mail vocabulary (Bugzilla/Constants.pm, reference §11.2): the relationships a
 * user may have with a bug, the events a change can contain, and the negative and global
 * events. Names instead of Bugzilla's numbers; `BUGZILLA_EVENT_NUMBERS` keeps the map.
 */
export const MAIL_ROLES = ['AssignedTo', 'QAcontact', 'Reporter', 'CC'] as const;
/** A role a user holds on the bug; preferences are kept per role. */
export type MailRole = (typeof MAIL_ROLES)[number];
/** Why a user gets a bug mail (`X-Tracker-Reason`): a role, or being a global watcher, who always wants mail. */
export type MailRelationship = MailRole | 'GlobalWatcher';

export const BUG_MAIL_EVENTS = [
  'other',
  'added-removed',
  'comment',
  'attachment',
  'attachment-data',
  'project-management',
  'opened-closed',
  'keywords',
  'cc',
  'dependencies',
  'bug-created',
  'product-component',
] as const;
/** What happened in a change; a role is kept when the user wants one of them for it. */
export type BugMailEvent = (typeof BUG_MAIL_EVENTS)[number];

/** Opt-ins against an exclusion: without them no mail while the bug is UNCONFIRMED, or for one's own change. */
export const NEGATIVE_MAIL_EVENTS = ['unconfirmed', 'changed-by-me'] as const;
export type NegativeMailEvent = (typeof NEGATIVE_MAIL_EVENTS)[number];

/** Events of flag mail, wanted or not regardless of role. */
export const GLOBAL_MAIL_EVENTS = ['flag-requested', 'requested-flag-answered'] as const;
export type GlobalMailEvent = (typeof GLOBAL_MAIL_EVENTS)[number];

export type MailEvent = BugMailEvent | NegativeMailEvent | GlobalMailEvent;

/** Bugzilla's numbers of the events, for the REST extension and the design note. */
export const BUGZILLA_EVENT_NUMBERS: Readonly<Record<MailEvent, number>> = {
  other: 0,
  'added-removed': 1,
  comment: 2,
  attachment: 3,
  'attachment-data': 4,
  'project-management': 5,
  'opened-closed': 6,
  keywords: 7,
  cc: 8,
  dependencies: 9,
  'bug-created': 10,
  'product-component': 11,
  unconfirmed: 50,
  'changed-by-me': 51,
  'flag-requested': 100,
  'requested-flag-answered': 101,
};
