import type {
  FlagBugFacts,
  FlagInput,
  FlagInputGroup,
  FlagsChanged,
  FlagStatus,
  FlagTypeClusion,
  FlagValue,
  UserRef,
} from '@tracker/contracts';
import { flagTypeSettings } from './flag-type-settings.fixture';
import type { DecideFlags, FlagTypeFacts, FlagUser } from '../decision/decide-flags.command';

/**
 * A small installation for the flag decision's specs. Groups: G grants, R requests, SECRET
 * restricts bugs. Product P (components P1, P2) and Q (component Q1). Types of bugs:
 * needinfo (anyone, everywhere), approval (G grants, R requests, P only, not multiplicable),
 * qa (G grants, P only), approval in Q (retarget target), inactive, blocking (not
 * requestable), feedback (not specifically requestable), two types named dup; of
 * attachments: review (everywhere), review in Q only.
 */
export const G = { id: 10, name: 'granters' };
export const R = { id: 11, name: 'requesters' };
export const SECRET = { id: 12, name: 'secret' };
export const P = { id: 1, name: 'P' };
export const P1 = { id: 11, name: 'P1' };
export const P2 = { id: 12, name: 'P2' };
export const Q = { id: 2, name: 'Q' };
export const Q1 = { id: 21, name: 'Q1' };

const inP: FlagTypeClusion[] = [{ product: P, component: null }];
const inQ: FlagTypeClusion[] = [{ product: Q, component: null }];

export function flagType(id: number, name: string, settings: Partial<FlagTypeFacts> = {}): FlagTypeFacts {
  return { id, ...flagTypeSettings(name, { description: `${name} flag`, ...settings }) };
}

export const NEEDINFO = flagType(1, 'needinfo', { sortKey: 5, ccList: ['triage@example.com'] });
export const APPROVAL = flagType(2, 'approval', { grantGroup: G, requestGroup: R, isMultiplicable: false, inclusions: inP });
export const QA = flagType(3, 'qa', { grantGroup: G, inclusions: inP });
export const APPROVAL_Q = flagType(6, 'approval', { inclusions: inQ });
export const INACTIVE = flagType(7, 'retired', { isActive: false });
export const BLOCKING = flagType(10, 'blocking', { isRequestable: false });
export const FEEDBACK = flagType(11, 'feedback', { isRequesteeble: false });
export const DUP_A = flagType(8, 'dup');
export const DUP_B = flagType(9, 'dup');
export const REVIEW = flagType(4, 'review', { targetType: 'attachment' });
export const REVIEW_Q = flagType(5, 'review', { targetType: 'attachment', inclusions: inQ });
export const TYPES: readonly FlagTypeFacts[] = [
  NEEDINFO,
  APPROVAL,
  QA,
  APPROVAL_Q,
  INACTIVE,
  BLOCKING,
  FEEDBACK,
  DUP_A,
  DUP_B,
  REVIEW,
  REVIEW_Q,
];

export function user(id: number, login: string, settings: Partial<FlagUser> = {}): FlagUser {
  return { id, login, realName: '', enabled: true, groupIds: [], insider: false, ...settings };
}

/** callers and requestees */
export const GRANTER = user(1, 'granter@example.com', { groupIds: [G.id], realName: 'Gina Granter' });
export const REQUESTER = user(2, 'requester@example.com', { groupIds: [R.id] });
export const NOBODY = user(3, 'nobody@example.com');
export const ANN = user(4, 'ann@example.com', { groupIds: [G.id, SECRET.id], realName: 'Ann' });
export const DISABLED = user(5, 'gone@example.com', { enabled: false, groupIds: [G.id] });
export const OUTSIDER = user(6, 'outsider@example.com', { groupIds: [G.id] });
export const INSIDER = user(7, 'insider@example.com', { groupIds: [G.id], insider: true });
export const REPORTER = user(100, 'reporter@example.com');
export const ASSIGNEE = user(101, 'assignee@example.com');
export const USERS: readonly FlagUser[] = [GRANTER, REQUESTER, NOBODY, ANN, DISABLED, OUTSIDER, INSIDER, REPORTER, ASSIGNEE];

export const ref = (flagUser: FlagUser): UserRef => ({ id: flagUser.id, login: flagUser.login });

export const BUG_ID = 42;
export const BUG: FlagBugFacts = {
  productId: P.id,
  componentId: P1.id,
  groupIds: [],
  reporterId: REPORTER.id,
  assigneeId: ASSIGNEE.id,
  qaContactId: null,
  ccIds: [],
  isCcAccessible: false,
  isCreatorAccessible: true,
  moved: false,
};
export const ATTACHMENT = { id: 70, creatorId: REPORTER.id, isPrivate: false, isObsolete: false, becameObsolete: false, isNew: false };

/** The flag inputs of the bug itself. */
export function bugFlags(...flags: FlagInput[]): FlagInputGroup {
  return { attachmentId: null, flags, restrictToOwnFlags: false, otherChanges: false };
}

export function attachmentFlags(attachmentId: number, ...flags: FlagInput[]): FlagInputGroup {
  return { attachmentId, flags, restrictToOwnFlags: false, otherChanges: false };
}

export function input(status: string, names: Partial<FlagInput> = {}): FlagInput {
  return { status, isNew: false, ...names };
}

/** A decision by GRANTER on BUG with ATTACHMENT, fresh ids from 500. */
export function decision(inputs: readonly FlagInputGroup[], overrides: Partial<DecideFlags> = {}): DecideFlags {
  return {
    kind: 'DecideFlags',
    bugId: BUG_ID,
    bug: BUG,
    attachments: [ATTACHMENT],
    inputs,
    mode: 'change',
    caller: GRANTER,
    types: TYPES,
    users: USERS,
    flagIds: [500, 501, 502, 503, 504],
    insiderGroup: 'insiders',
    ...overrides,
  };
}

export function value(type: FlagTypeFacts, status: FlagStatus, setter: FlagUser, requestee: FlagUser | null = null): FlagValue {
  return {
    type: { id: type.id, name: type.name, ccList: type.ccList },
    status,
    setter: ref(setter),
    requestee: requestee && ref(requestee),
  };
}

/** A flag already set on the bug (attachmentId null) or an attachment: the event that created it. */
export function existing(
  flagId: number,
  type: FlagTypeFacts,
  status: FlagStatus,
  setter: FlagUser,
  requestee: FlagUser | null = null,
  attachmentId: number | null = null,
): FlagsChanged {
  return {
    type: 'FlagsChanged',
    data: {
      bugId: BUG_ID,
      attachmentId,
      attachmentIsPrivate: attachmentId === null ? null : false,
      changedBy: ref(setter),
      changes: [{ flagId, reason: 'request', before: null, after: value(type, status, setter, requestee) }],
      participants: { assignee: ASSIGNEE.id, qaContact: null, reporter: REPORTER.id, cc: [] },
    },
  };
}

const short = (flag: FlagValue | null): string | null =>
  flag && `${flag.type.name}#${flag.type.id}${flag.status}${flag.requestee ? `(${flag.requestee.login})` : ''} by ${flag.setter.login}`;

/** Events in a form a table can state: per target, `[flagId, reason, before, after]`. */
export function compact(
  events: readonly FlagsChanged[],
): Array<{ target: number | null; changes: Array<[number, string, string | null, string | null]> }> {
  return events.map((event) => ({
    target: event.data.attachmentId,
    changes: event.data.changes.map((change): [number, string, string | null, string | null] => [
      change.flagId,
      change.reason,
      short(change.before),
      short(change.after),
    ]),
  }));
}
