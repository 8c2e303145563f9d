import { type BugEvent, ErrorCode, type FlagsChangedData, type UserRef } from '@tracker/contracts';
import { flagsChanged } from '@tracker/contracts/testing';
import { deciderSpec } from '@tracker/testing';
import { ADMIN, createBug, goldenBugCreated, MINIMAL_INPUT, OTHER, typesOf, updateBug } from '../../testing';
import { bugDecider } from '../bug.decider';
import type { ExistingBug } from '../bug.state';
import { bugFlagGroups, ccWithRequestees, type FlagOutcome, flagDecisionRequest, needsFlagDecision } from './flag-outcome';

const bug = deciderSpec(bugDecider);
const GOLDEN: BugEvent = goldenBugCreated();
const ANN: UserRef = { id: 40, login: 'ann@example.com' };

const needinfo = (bugId: number): FlagsChangedData =>
  flagsChanged(
    [
      {
        flagId: 7,
        reason: 'request',
        before: null,
        after: { type: { id: 1, name: 'needinfo', ccList: [] }, status: '?', setter: ADMIN, requestee: ANN },
      },
    ],
    null,
    { bugId, changedBy: ADMIN },
  );
const accepted = (bugId: number, ccToAdd: UserRef[] = [ANN]): FlagOutcome => ({
  bugId,
  ok: true,
  events: [needinfo(bugId)],
  ccToAdd,
  changes: [{ attachmentId: null, removed: '', added: 'needinfo?(ann@example.com)' }],
});
const refused: FlagOutcome = {
  bugId: 4,
  ok: false,
  stage: 'apply',
  inputIndex: 0,
  error: { code: ErrorCode.flagUpdateDenied, message: 'You tried to grant x.' },
};

describe('flags in bug decisions', () => {
  it('appends FlagsChanged after the update, with the requestee added to the CC list in the same change', () => {
    const events = bug
      .given(GOLDEN)
      .when(updateBug({ summary: 'with flags' }, { flags: accepted(4) }))
      .events();
    expect(typesOf(events)).toEqual(['BugUpdated', 'FlagsChanged']);
    const updated = events[0];
    expect(updated?.type === 'BugUpdated' && updated.data.changes.cc).toEqual({ added: [ANN], removed: [] });
    expect(events[1]).toEqual({ type: 'FlagsChanged', data: needinfo(4) });
    const after = bug.given(GOLDEN, ...events).state as ExistingBug;
    expect(after.flags).toEqual([
      { flagId: 7, attachmentId: null, type: { id: 1, name: 'needinfo' }, status: '?', setter: ADMIN, requestee: ANN },
    ]);
  });

  it('appends only FlagsChanged when the flags are the whole change', () => {
    const events = bug
      .given(GOLDEN)
      .when(updateBug({}, { flags: accepted(4, []) }))
      .events();
    expect(typesOf(events)).toEqual(['FlagsChanged']);
  });

  it('places a flag refusal after every field check: a bad field is refused first', () => {
    expect(
      bug
        .given(GOLDEN)
        .when(updateBug({ summary: 'ok' }, { flags: refused }))
        .refusal(),
    ).toEqual({ code: 130, message: 'You tried to grant x.' });
    expect(
      bug
        .given(GOLDEN)
        .when(updateBug({ priority: 'nope' }, { flags: refused }))
        .refusal().code,
    ).not.toBe(130);
  });

  it('creates the bug, then adds requestees to its CC list, then its flags: one append', () => {
    const events = bug
      .given()
      .when(createBug(MINIMAL_INPUT, { flags: accepted(1) }))
      .events();
    expect(typesOf(events)).toEqual(['BugCreated', 'BugUpdated', 'FlagsChanged']);
    const updated = events[1];
    expect(updated?.type === 'BugUpdated' && updated.data.changes).toEqual({ cc: { added: [ANN], removed: [] } });
    expect(
      typesOf(
        bug
          .given()
          .when(createBug(MINIMAL_INPUT, { flags: accepted(1, []) }))
          .events(),
      ),
    ).toEqual(['BugCreated', 'FlagsChanged']);
    expect(
      bug
        .given()
        .when(createBug(MINIMAL_INPUT, { flags: refused }))
        .refusal().code,
    ).toBe(130);
  });

  it('asks flags.decide only for flags, or for a move of a bug with flags', () => {
    const before = bug.given(GOLDEN, { type: 'FlagsChanged', data: needinfo(4) }).state as ExistingBug;
    const moved: ExistingBug = { ...before, fields: { ...before.fields, component: { id: 999, name: 'Elsewhere' } } };
    const ask = flagDecisionRequest(before, moved, []);
    expect(ask).toMatchObject({ bugId: 4, bug: { moved: true, componentId: 999 }, inputs: [], mode: 'change' });
    expect(ask.currentFlags).toHaveLength(1);
    expect(needsFlagDecision(ask)).toBe(true);
    expect(needsFlagDecision(flagDecisionRequest(before, before, []))).toBe(false);
    const created = bug.given(GOLDEN).state as ExistingBug;
    expect(needsFlagDecision(flagDecisionRequest(null, created, bugFlagGroups([{ name: 'needinfo', status: '?', isNew: false }])))).toBe(
      true,
    );
    expect(
      needsFlagDecision(flagDecisionRequest(created, { ...created, fields: { ...created.fields, component: { id: 9, name: 'x' } } }, [])),
    ).toBe(false);
  });

  it('adds requestees to the CC list once, sorted as stored', () => {
    expect(ccWithRequestees([OTHER], { ...(accepted(4) as Extract<FlagOutcome, { ok: true }>), ccToAdd: [ANN, OTHER] })).toHaveLength(2);
    expect(ccWithRequestees([OTHER], null)).toEqual([OTHER]);
  });
});
