import type { FlagsChangedData, FlagValue } from '../bugs/bug-flag.events';
import { FLAG_SETTER, flagsChanged } from '../testing';
import { evolveCurrentFlags } from './current-flags.rules';

const value = (typeId: number, status: FlagValue['status']): FlagValue => ({
  type: { id: typeId, name: `t${typeId}`, ccList: [] },
  status,
  setter: FLAG_SETTER,
  requestee: null,
});
const event = (attachmentId: number | null, changes: FlagsChangedData['changes']): FlagsChangedData => flagsChanged(changes, attachmentId);

describe("a bug's current flags, folded from FlagsChanged", () => {
  it('adds created flags, replaces changed ones in place, removes cleared ones', () => {
    const created = evolveCurrentFlags(
      [],
      event(null, [
        { flagId: 1, reason: 'request', before: null, after: value(1, '?') },
        { flagId: 2, reason: 'request', before: null, after: value(2, '+') },
      ]),
    );
    const onAttachment = evolveCurrentFlags(created, event(7, [{ flagId: 3, reason: 'request', before: null, after: value(3, '-') }]));
    const changed = evolveCurrentFlags(
      onAttachment,
      event(null, [
        { flagId: 1, reason: 'bug-moved', before: value(1, '?'), after: value(9, '?') },
        { flagId: 2, reason: 'request', before: value(2, '+'), after: null },
      ]),
    );
    expect(changed.map((flag) => [flag.flagId, flag.attachmentId, flag.type.id, flag.status])).toEqual([
      [1, null, 9, '?'],
      [3, 7, 3, '-'],
    ]);
  });
});
