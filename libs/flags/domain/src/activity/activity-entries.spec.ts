import type { FlagChange, FlagsChangedData } from '@tracker/contracts';
import { flagsChanged } from '@tracker/contracts/testing';
import { ANN, ATTACHMENT, BUG_ID, GRANTER, NEEDINFO, NOBODY, ref, REVIEW, value } from '../testing/flag-world.fixture';
import { activityEntries } from './activity-entries';

const AT = '2026-11-22T14:43:24.000Z';
const event = (changes: FlagChange[], attachmentId: number | null = null): FlagsChangedData =>
  flagsChanged(changes, attachmentId, { bugId: BUG_ID, changedBy: ref(GRANTER) });
const requested = value(NEEDINFO, '?', NOBODY, ANN);

describe('flag activity of a FlagsChanged (docs/flags.md §6)', () => {
  it('logs a creation, a status change, a requestee change and a clear, in the event order', () => {
    const entries = activityEntries(
      event([
        { flagId: 1, reason: 'request', before: null, after: requested },
        { flagId: 2, reason: 'request', before: requested, after: value(NEEDINFO, '+', GRANTER) },
        { flagId: 3, reason: 'request', before: requested, after: value(NEEDINFO, '?', NOBODY, GRANTER) },
        { flagId: 4, reason: 'request', before: requested, after: null },
      ]),
      AT,
    );
    expect(entries.map((entry) => [entry.flagId, entry.status, entry.setter.login, entry.requestee?.login ?? null])).toEqual([
      [1, '?', 'nobody@example.com', 'ann@example.com'],
      [2, '+', 'granter@example.com', null],
      [3, '?', 'nobody@example.com', 'granter@example.com'],
      [4, 'X', 'granter@example.com', 'ann@example.com'],
    ]);
    expect(entries[0]).toEqual({
      flagId: 1,
      typeId: 1,
      bugId: BUG_ID,
      attachmentId: null,
      status: '?',
      setter: ref(NOBODY),
      requestee: ref(ANN),
      occurredAt: AT,
    });
  });

  it('carries the attachment of attachment flags', () => {
    const [entry] = activityEntries(
      event([{ flagId: 5, reason: 'request', before: null, after: value(REVIEW, '+', GRANTER) }], ATTACHMENT.id),
      AT,
    );
    expect([entry?.attachmentId, entry?.typeId]).toEqual([ATTACHMENT.id, REVIEW.id]);
  });

  it.each([
    [
      'a retarget that changes only the type',
      { flagId: 6, reason: 'bug-moved', before: requested, after: { ...requested, type: { id: 99, name: 'needinfo', ccList: [] } } },
    ],
    [
      'a requestee dropped because the type is no longer specifically requestable',
      { flagId: 7, reason: 'flag-type-changed', before: requested, after: { ...requested, requestee: null } },
    ],
  ] satisfies Array<[string, FlagChange]>)('does not log %s', (_case, change) => {
    expect(activityEntries(event([change]), AT)).toEqual([]);
  });

  it('logs a clear by a narrowed type or a move, set by whoever made the change', () => {
    const entries = activityEntries(event([{ flagId: 8, reason: 'flag-type-changed', before: requested, after: null }]), AT);
    expect(entries.map((entry) => [entry.status, entry.setter.login])).toEqual([['X', 'granter@example.com']]);
  });
});
