import { type Decider, DomainError, type MailPreferencesSet, type MailPreferencesSetData } from '@tracker/contracts';
import {
  BUG_MAIL_EVENTS,
  type BugMailEvent,
  GLOBAL_MAIL_EVENTS,
  type GlobalMailEvent,
  MAIL_ROLES,
  type MailRole,
  NEGATIVE_MAIL_EVENTS,
  type NegativeMailEvent,
} from './mail-events';
import { defaultMailPreferences, type MailPreferences } from './mail-preferences';

/**
 * PUT /rest/user/{id}/mail_preferences (docs/mail.md §10): the relationships named replace
 * their setting, the others keep theirs; `global` replaces the flag events when given. The
 * handler checked who may; the names are checked here, and nothing is recorded on refusal.
 */
export interface SetMailPreferences {
  readonly kind: 'SetMailPreferences';
  readonly userId: number;
  readonly relationships: Readonly<Record<string, readonly string[]>>;
  readonly global?: readonly string[];
}

type RoleEvent = BugMailEvent | NegativeMailEvent;
const ROLE_EVENTS: readonly RoleEvent[] = [...BUG_MAIL_EVENTS, ...NEGATIVE_MAIL_EVENTS];

/** One stream per user, `mailprefs-<id>`; its state is the user's preferences, Bugzilla's defaults before the first event. */
export const mailPreferencesDecider: Decider<MailPreferences, SetMailPreferences, MailPreferencesSet> = {
  initialState: defaultMailPreferences,
  decide(command, state) {
    const roles: Record<MailRole, readonly RoleEvent[]> = { ...state.roles };
    for (const [relationship, events] of Object.entries(command.relationships)) {
      const role = MAIL_ROLES.find((known) => known === relationship);
      if (!role) return unknownRelationship(relationship);
      const unknown = events.find((event) => !ROLE_EVENTS.some((known) => known === event));
      if (unknown !== undefined) return unknownEvent(unknown, relationship, ROLE_EVENTS);
      roles[role] = ROLE_EVENTS.filter((event) => events.includes(event));
    }
    let global = state.global;
    if (command.global) {
      const events = command.global;
      const unknown = events.find((event) => !GLOBAL_MAIL_EVENTS.some((known) => known === event));
      if (unknown !== undefined) return unknownEvent(unknown, 'global', GLOBAL_MAIL_EVENTS);
      global = GLOBAL_MAIL_EVENTS.filter((event) => events.includes(event));
    }
    if (samePreferences({ roles, global }, state)) return [];
    return [{ type: 'MailPreferencesSet', data: { userId: command.userId, roles, global } }];
  },
  evolve: (_state, event) => mailPreferencesOf(event.data),
};

/** The preferences an event (or a stored row of it) holds; the decider let only known names in. */
export function mailPreferencesOf(data: Pick<MailPreferencesSetData, 'roles' | 'global'>): MailPreferences {
  const defaults = defaultMailPreferences();
  const roleEvents = (role: MailRole): readonly RoleEvent[] => {
    const stored = data.roles[role];
    return stored ? ROLE_EVENTS.filter((event) => stored.includes(event)) : defaults.roles[role];
  };
  return {
    roles: {
      AssignedTo: roleEvents('AssignedTo'),
      QAcontact: roleEvents('QAcontact'),
      Reporter: roleEvents('Reporter'),
      CC: roleEvents('CC'),
    },
    global: GLOBAL_MAIL_EVENTS.filter((event: GlobalMailEvent) => data.global.includes(event)),
  };
}

function samePreferences(a: MailPreferences, b: MailPreferences): boolean {
  const same = (x: readonly string[], y: readonly string[]): boolean => x.length === y.length && x.every((event, i) => y[i] === event);
  return same(a.global, b.global) && MAIL_ROLES.every((role) => same(a.roles[role], b.roles[role]));
}

function unknownRelationship(relationship: string): DomainError {
  const why =
    relationship === 'GlobalWatcher'
      ? 'GlobalWatcher is not a preference: global watchers are named by TRACKER_MAIL_GLOBAL_WATCHERS.'
      : `There is no mail relationship '${relationship}'.`;
  return new DomainError('userError', `${why} The relationships are ${MAIL_ROLES.join(', ')}.`);
}

function unknownEvent(event: string, where: string, known: readonly string[]): DomainError {
  return new DomainError('userError', `There is no mail event '${event}' for ${where}; the events are ${known.join(', ')}.`);
}
