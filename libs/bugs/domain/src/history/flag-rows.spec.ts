import type { FlagChange, FlagsChangedData, FlagValue, UserRef } from '@tracker/contracts';
import { flagsChanged } from '@tracker/contracts/testing';
import { flagRows, flagsChangeTouchesBug } from './flag-rows';

const ANN: UserRef = { id: 2, login: 'ann@example.com' };
const value = (name: string, status: '?' | '+' | '-', requestee: UserRef | null = null): FlagValue => ({
  type: { id: 1, name, ccList: [] },
  status,
  setter: ANN,
  requestee,
});
const event = (changes: FlagChange[], attachmentId: number | null = null): FlagsChangedData =>
  flagsChanged(changes, attachmentId, { changedBy: ANN });

describe('flag history rows', () => {
  it('reports the summaries removed and added (golden 127, 128), with attachment_id for attachment flags', () => {
    const changes: FlagChange[] = [
      { flagId: 1, reason: 'request', before: value('needinfo', '?', ANN), after: value('needinfo', '+') },
      { flagId: 2, reason: 'request', before: null, after: value('review', '?') },
    ];
    expect(flagRows(event(changes))).toEqual([
      { field: 'flagtypes.name', removed: 'needinfo?(ann@example.com)', added: 'needinfo+, review?' },
    ]);
    expect(flagRows(event(changes, 9))).toEqual([
      { field: 'flagtypes.name', removed: 'needinfo?(ann@example.com)', added: 'needinfo+, review?', attachmentId: 9 },
    ]);
  });

  it('adds no row for a reconciliation, nor for a change that reads the same (a retarget to a same-named type)', () => {
    const reconciled: FlagChange = { flagId: 1, reason: 'flag-type-changed', before: value('qa', '+'), after: null };
    expect(flagRows(event([reconciled]))).toEqual([]);
    expect(flagsChangeTouchesBug(event([reconciled]))).toBe(false);
    const retarget: FlagChange = { flagId: 1, reason: 'bug-moved', before: value('qa', '+'), after: value('qa', '+') };
    expect(flagRows(event([retarget]))).toEqual([]);
    expect(flagsChangeTouchesBug(event([retarget]))).toBe(true);
  });
});
