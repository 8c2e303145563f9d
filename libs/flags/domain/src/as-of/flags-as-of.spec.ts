import type { BugEvent, FlagChange, FlagValue, UserRef } from '@tracker/contracts';
import { flagsChanged } from '@tracker/contracts/testing';
import { flagsAsOf } from './flags-as-of';

const ANN: UserRef = { id: 2, login: 'ann@example.com' };
const BOB: UserRef = { id: 3, login: 'bob@example.com' };
const value = (status: '?' | '+' | '-', setter: UserRef, typeId = 1): FlagValue => ({
  type: { id: typeId, name: 'review', ccList: [] },
  status,
  setter,
  requestee: null,
});
const at = (occurredAt: string, ...changes: FlagChange[]): { event: BugEvent; occurredAt: string } => ({
  event: { type: 'FlagsChanged', data: flagsChanged(changes) },
  occurredAt,
});

const events = [
  at('2026-11-22T10:00:00.000Z', { flagId: 1, reason: 'request', before: null, after: value('?', ANN) }),
  at('2026-11-22T11:00:00.000Z', { flagId: 1, reason: 'request', before: value('?', ANN), after: value('+', BOB) }),
  at('2026-11-22T12:00:00.000Z', { flagId: 1, reason: 'flag-type-changed', before: value('+', BOB), after: value('+', BOB, 7) }),
  at('2026-11-22T13:00:00.000Z', { flagId: 1, reason: 'request', before: value('+', BOB, 7), after: null }),
];

describe('flags as of an instant', () => {
  it('has no flags before the first was set, nor after it was cleared', () => {
    expect(flagsAsOf(events, '2026-11-22T09:59:59.000Z')).toEqual([]);
    expect(flagsAsOf(events, '2026-11-22T13:00:00.000Z')).toEqual([]);
  });

  it('shows each flag with its value then, created and last requested when the events say', () => {
    expect(flagsAsOf(events, '2026-11-22T10:30:00.000Z')).toEqual([
      {
        flagId: 1,
        attachmentId: null,
        type: { id: 1, name: 'review' },
        status: '?',
        setter: ANN,
        requestee: null,
        createdAt: '2026-11-22T10:00:00.000Z',
        modifiedAt: '2026-11-22T10:00:00.000Z',
      },
    ]);
    expect(flagsAsOf(events, '2026-11-22T11:00:00.000Z')[0]).toMatchObject({
      status: '+',
      setter: BOB,
      modifiedAt: '2026-11-22T11:00:00.000Z',
    });
  });

  it("keeps the modification date through a flag type's retarget, as the read model does", () => {
    expect(flagsAsOf(events, '2026-11-22T12:30:00.000Z')[0]).toMatchObject({
      type: { id: 7, name: 'review' },
      createdAt: '2026-11-22T10:00:00.000Z',
      modifiedAt: '2026-11-22T11:00:00.000Z',
    });
  });
});
