import { deciderSpec } from '@tracker/testing';
import {
  ANN,
  APPROVAL,
  ASSIGNEE,
  BLOCKING,
  BUG_ID,
  bugFlags,
  compact,
  decision,
  existing,
  GRANTER,
  INACTIVE,
  input,
  NEEDINFO,
  NOBODY,
  ref,
  REPORTER,
  REQUESTER,
} from '../testing/flag-world.fixture';
import { decideFlags, flagDecider } from './decide-flags';
import { flagDecisionResult } from './flag-decision-result';
import { isFlagRefusal } from './flag-refusal';

const flags = deciderSpec(flagDecider);
const needinfo20 = existing(20, NEEDINFO, '?', NOBODY, ANN);
const approval22 = existing(22, APPROVAL, '?', REQUESTER);
const blocking23 = existing(23, BLOCKING, '?', NOBODY);
const blocking24 = existing(24, BLOCKING, '+', NOBODY);

describe("applying flag inputs (Bugzilla's set_flag and _validate)", () => {
  it('sets a requested flag with its requestee: the whole event (golden 127), the requestee joining the CC list', () => {
    const command = decision([bugFlags(input('?', { typeId: NEEDINFO.id, requestee: 'ANN@example.com' }))]);
    flags
      .given()
      .when(command)
      .then([
        {
          type: 'FlagsChanged',
          data: {
            bugId: BUG_ID,
            attachmentId: null,
            attachmentIsPrivate: null,
            changedBy: ref(GRANTER),
            changes: [
              {
                flagId: 500,
                reason: 'request',
                before: null,
                after: {
                  type: { id: 1, name: 'needinfo', ccList: ['triage@example.com'] },
                  status: '?',
                  setter: ref(GRANTER),
                  requestee: ref(ANN),
                },
              },
            ],
            participants: { assignee: ASSIGNEE.id, qaContact: null, reporter: REPORTER.id, cc: [ANN.id] },
          },
        },
      ]);
    expect(flagDecisionResult(command, decideFlags(command, []))).toMatchObject({
      ok: true,
      ccToAdd: [ref(ANN)],
      changes: [{ attachmentId: null, removed: '', added: 'needinfo?(ann@example.com)' }],
    });
  });

  it.each([
    ['`X` on a flag that does not exist yet is ignored', [], [input('X', { typeId: NEEDINFO.id })], []],
    [
      '`X` clears a flag, whoever set it',
      [approval22],
      [input('X', { id: 22 })],
      [[22, 'request', 'approval#2? by requester@example.com', null]],
    ],
    ['an unchanged status and requestee change nothing', [needinfo20], [input('?', { id: 20, requestee: 'ann@example.com' })], []],
    [
      'a request asked again of someone else keeps its requester',
      [needinfo20],
      [input('?', { id: 20, requestee: 'requester@example.com' })],
      [[20, 'request', 'needinfo#1?(ann@example.com) by nobody@example.com', 'needinfo#1?(requester@example.com) by nobody@example.com']],
    ],
    [
      'a request asked again of nobody drops its requestee and keeps its requester',
      [needinfo20],
      [input('?', { id: 20 })],
      [[20, 'request', 'needinfo#1?(ann@example.com) by nobody@example.com', 'needinfo#1? by nobody@example.com']],
    ],
    [
      'an answered request is set by the caller and loses its requestee',
      [needinfo20],
      [input('+', { id: 20, requestee: 'ann@example.com' })],
      [[20, 'request', 'needinfo#1?(ann@example.com) by nobody@example.com', 'needinfo#1+ by granter@example.com']],
    ],
    ['a `?` kept on a type no longer requestable stays', [blocking23], [input('?', { id: 23 })], []],
    [
      "existing flags are set before new ones (Bugzilla's set_flags): clearing the one approval lets a new one in",
      [approval22],
      [input('?', { typeId: APPROVAL.id, isNew: true }), input('X', { id: 22 })],
      [
        [22, 'request', 'approval#2? by requester@example.com', null],
        [500, 'request', null, 'approval#2? by granter@example.com'],
      ],
    ],
    [
      'several new flags of a multiplicable type in one call',
      [],
      [input('?', { typeId: NEEDINFO.id, isNew: true }), input('+', { typeId: NEEDINFO.id, isNew: true })],
      [
        [500, 'request', null, 'needinfo#1? by granter@example.com'],
        [501, 'request', null, 'needinfo#1+ by granter@example.com'],
      ],
    ],
  ])('%s', (_case, given, inputs, changes) => {
    const events = flags
      .given(...given)
      .when(decision([bugFlags(...inputs)]))
      .events();
    expect(compact(events)).toEqual(changes.length === 0 ? [] : [{ target: null, changes }]);
  });

  it.each([
    [
      'a new flag of an inactive type',
      [],
      [input('?', { typeId: INACTIVE.id })],
      134,
      'The flag type retired is inactive and cannot be used to create new flags.',
    ],
    [
      'a second flag of a type that is not multiplicable',
      [approval22],
      [input('+', { typeId: APPROVAL.id, isNew: true })],
      32000,
      'You cannot have several approval flags for this bug.',
    ],
    [
      'a second new flag of such a type within one call',
      [],
      [input('?', { typeId: APPROVAL.id }), input('?', { name: 'approval', isNew: true })],
      32000,
      'You cannot have several approval flags for this bug.',
    ],
    [
      'a status that is none of ? + - X, on a flag',
      [needinfo20],
      [input('maybe', { id: 20 })],
      129,
      'The flag status maybe for flag ID #20 is invalid.',
    ],
    ['no status, on a flag', [needinfo20], [input('', { id: 20 })], 129, 'The flag status  for flag ID #20 is invalid.'],
    [
      'a status that is none of ? + - X, on a new flag',
      [],
      [input('yes', { typeId: NEEDINFO.id })],
      129,
      'The flag status yes is invalid.',
    ],
    ['`?` on a new flag of a type not requestable', [], [input('?', { typeId: BLOCKING.id })], 129, 'The flag status ? is invalid.'],
    [
      '`?` again on a granted flag of a type not requestable',
      [blocking24],
      [input('?', { id: 24 })],
      129,
      'The flag status ? for flag ID #24 is invalid.',
    ],
    [
      'an unknown requestee',
      [],
      [input('?', { typeId: NEEDINFO.id, requestee: 'who@example.com' })],
      51,
      "There is no user named 'who@example.com'. Either you mis-typed the name or that user has not yet registered for a Tracker account.",
    ],
    [
      'an existing flag refused before a new one listed earlier',
      [needinfo20],
      [input('?', { typeId: INACTIVE.id }), input('maybe', { id: 20 })],
      129,
      'The flag status maybe for flag ID #20 is invalid.',
    ],
  ])('refuses %s (stage apply)', (_case, given, inputs, code, message) => {
    flags
      .given(...given)
      .when(decision([bugFlags(...inputs)]))
      .thenRefuses(code, message);
    const outcome = decideFlags(decision([bugFlags(...inputs)]), flags.given(...given).state);
    expect(isFlagRefusal(outcome) && outcome.stage).toBe('apply');
  });

  it('is all or nothing across input groups: a bad second group fails the bug, naming that group', () => {
    const command = decision([bugFlags(input('?', { typeId: NEEDINFO.id })), bugFlags(input('?', { typeId: INACTIVE.id }))]);
    expect(flagDecisionResult(command, decideFlags(command, []))).toEqual({
      bugId: BUG_ID,
      ok: false,
      stage: 'apply',
      inputIndex: 1,
      error: { code: 134, message: 'The flag type retired is inactive and cannot be used to create new flags.' },
    });
  });

  it('merges two groups on one target into one event', () => {
    const events = flags
      .given()
      .when(decision([bugFlags(input('?', { typeId: NEEDINFO.id })), bugFlags(input('+', { id: 500 }))]))
      .events();
    expect(compact(events)).toEqual([{ target: null, changes: [[500, 'request', null, 'needinfo#1+ by granter@example.com']] }]);
  });
});
