import type {
  BugChanges,
  BugEvent,
  BugFields,
  BugParticipants,
  CommentAddedData,
  FlagChange,
  FlagValue,
  UserRef,
} from '@tracker/contracts';
import { bugMailChange } from '../change/bug-mail-change.rules';
import { fieldValuesOf } from '../change/field-values';
import type { BugMailChange } from '../change/bug-mail-change';
import { defaultMailPreferences } from '../preferences/mail-preferences';
import type { BugMailFacts, MailFacts, MailUserFacts } from '../recipients/mail-facts';

/**
 * A small world for the mailer's specs: a bug reported by Ann, assigned to Bob, QA by Quinn,
 * with Cat and Eve (an insider and time tracker) on CC; Dan changes things; Gil watches
 * every bug; Wes is in no role, and watches users when a spec says so. Every user has the default preferences unless a spec says otherwise.
 */
export const ann: UserRef = { id: 1, login: 'ann@example.com' };
export const bob: UserRef = { id: 2, login: 'bob@example.com' };
export const cat: UserRef = { id: 3, login: 'cat@example.com' };
export const dan: UserRef = { id: 4, login: 'dan@example.com' };
export const eve: UserRef = { id: 5, login: 'eve@example.com' };
export const quinn: UserRef = { id: 6, login: 'quinn@example.com' };
export const gil: UserRef = { id: 7, login: 'gil@example.com' };
export const wes: UserRef = { id: 8, login: 'wes@example.com' };
export const BUG_ID = 42;
export const AT = '2026-11-27T09:00:00Z';

export const participants = (change: Partial<BugParticipants> = {}): BugParticipants => ({
  assignee: bob.id,
  qaContact: quinn.id,
  reporter: ann.id,
  cc: [cat.id, eve.id],
  ...change,
});

export function user(ref: UserRef, change: Partial<MailUserFacts> = {}): MailUserFacts {
  return {
    id: ref.id,
    login: ref.login,
    email: ref.login,
    emailEnabled: true,
    groupIds: [],
    isInsider: false,
    isTimeTracker: false,
    preferences: defaultMailPreferences(),
    ...change,
  };
}

export function bugFacts(change: Partial<BugMailFacts['access']> = {}, status = 'CONFIRMED', blocks: readonly number[] = []): BugMailFacts {
  const p = participants();
  return {
    status,
    summary: 'Crash on save',
    blocks,
    fieldValues: fieldValuesOf(FIELDS),
    access: {
      groupIds: [],
      reporterId: p.reporter,
      assigneeId: p.assignee,
      qaContactId: p.qaContact,
      ccIds: p.cc,
      isCreatorAccessible: true,
      isCcAccessible: true,
      ...change,
    },
  };
}

/** Everybody at defaults, Eve an insider and time tracker, no global watcher. */
export function facts(
  change: {
    users?: readonly MailUserFacts[];
    bug?: BugMailFacts;
    globalWatcherIds?: readonly number[];
    watchersOf?: ReadonlyMap<number, readonly number[]>;
  } = {},
): MailFacts {
  const everyone = [ann, bob, cat, dan, eve, quinn, gil, wes].map((ref) =>
    user(ref, ref === eve ? { isInsider: true, isTimeTracker: true } : {}),
  );
  const users = new Map(everyone.map((facts_) => [facts_.id, facts_]));
  for (const replaced of change.users ?? []) users.set(replaced.id, replaced);
  return {
    bug: change.bug ?? bugFacts(),
    users,
    globalWatcherIds: change.globalWatcherIds ?? [],
    watchersOf: change.watchersOf ?? new Map(),
  };
}

export function change(...events: BugEvent[]): BugMailChange {
  const built = bugMailChange({ changeId: 'c-1', occurredAt: AT, events, fieldValues: fieldValuesOf(FIELDS) });
  if (!built) throw new Error('the events make no mail change');
  return built;
}

const FIELDS: BugFields = {
  summary: 'Crash on save',
  product: { id: 1, name: 'Tracker' },
  component: { id: 1, name: 'Core' },
  classification: 'Unclassified',
  version: 'unspecified',
  targetMilestone: '---',
  status: 'CONFIRMED',
  isOpen: true,
  resolution: '',
  isConfirmed: true,
  dupeOf: null,
  priority: 'P3',
  severity: 'normal',
  platform: 'All',
  opSys: 'All',
  url: '',
  whiteboard: '',
  assignee: bob,
  qaContact: quinn,
  isCcAccessible: true,
  isCreatorAccessible: true,
  deadline: null,
  estimatedTime: 0,
  remainingTime: 0,
  alias: [],
  keywords: [],
  seeAlso: [],
  groups: [],
  blocks: [],
  dependsOn: [],
  cc: [cat, eve],
  customFields: {},
};

const commentFacts = { isMarkdown: false, tags: [], attachmentId: null, addedText: null, workTime: 0, isPrivate: false };

export function bugCreated(reporter: UserRef = ann, who: BugParticipants = participants()): BugEvent {
  const description = { ...commentFacts, commentId: 100, count: 0 as const, text: 'It crashes.' };
  return { type: 'BugCreated', data: { bugId: BUG_ID, reporter, fields: FIELDS, description, participants: who } };
}

export function bugUpdated(changes: BugChanges, by: UserRef = dan, before = participants(), after = before): BugEvent {
  return { type: 'BugUpdated', data: { bugId: BUG_ID, changedBy: by, changes, participants: { before, after } } };
}

export function commentAdded(text: string, change: Partial<CommentAddedData> = {}): BugEvent {
  const data: CommentAddedData = {
    ...commentFacts,
    bugId: BUG_ID,
    commentId: 101,
    count: 1,
    text,
    author: dan,
    participants: participants(),
    attachmentNote: null,
    ...change,
  };
  return { type: 'CommentAdded', data };
}

export function flag(
  status: FlagValue['status'],
  setter: UserRef,
  requestee: UserRef | null = null,
  ccList: readonly string[] = [],
): FlagValue {
  return { type: { id: 1, name: 'review', ccList }, status, setter, requestee };
}

export function flagsChanged(
  changes: readonly FlagChange[],
  attachment: { id: number; isPrivate: boolean } | null = null,
  by = dan,
): BugEvent {
  return {
    type: 'FlagsChanged',
    data: {
      bugId: BUG_ID,
      attachmentId: attachment?.id ?? null,
      attachmentIsPrivate: attachment?.isPrivate ?? null,
      changedBy: by,
      changes,
      participants: participants(),
    },
  };
}
