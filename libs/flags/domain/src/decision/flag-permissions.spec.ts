import * as fc from 'fast-check';
import { deciderSpec } from '@tracker/testing';
import {
  ANN,
  APPROVAL,
  bugFlags,
  compact,
  decision,
  existing,
  flagType,
  G,
  GRANTER,
  input,
  NEEDINFO,
  NOBODY,
  QA,
  R,
  REQUESTER,
  user,
} from '../testing/flag-world.fixture';
import { decideFlags, flagDecider } from './decide-flags';
import { isFlagRefusal } from './flag-refusal';

const flags = deciderSpec(flagDecider);

/** Types of the end-to-end matrix: T1 grant G + request R (approval), T2 grant G only (qa), T3 no groups (needinfo). */
const T1 = APPROVAL;
const T2 = QA;
const T3 = NEEDINFO;
const denied = (verb: string, type: string): [number, string] => [
  130,
  `You tried to ${verb} ${type}. Only a user with the required permissions may make this change.`,
];

describe('who may set flags (docs/flags.md §3.4)', () => {
  const matrix: Array<[string, typeof GRANTER, typeof T1, string, [number, string] | 'ok']> = [
    ['member of G', GRANTER, T1, '?', 'ok'],
    ['member of G', GRANTER, T1, '+', 'ok'],
    ['member of G', GRANTER, T1, '-', 'ok'],
    ['member of G', GRANTER, T2, '?', 'ok'],
    ['member of G', GRANTER, T2, '+', 'ok'],
    ['member of G', GRANTER, T2, '-', 'ok'],
    ['member of R only', REQUESTER, T1, '?', 'ok'],
    ['member of R only', REQUESTER, T1, '+', denied('grant', 'approval')],
    ['member of R only', REQUESTER, T1, '-', denied('deny', 'approval')],
    ['member of R only', REQUESTER, T2, '?', 'ok'],
    ['member of R only', REQUESTER, T2, '+', denied('grant', 'qa')],
    ['member of R only', REQUESTER, T2, '-', denied('deny', 'qa')],
    ['neither', NOBODY, T1, '?', denied('request', 'approval')],
    ['neither', NOBODY, T1, '+', denied('grant', 'approval')],
    ['neither', NOBODY, T1, '-', denied('deny', 'approval')],
    ['neither', NOBODY, T2, '?', 'ok'],
    ['neither', NOBODY, T2, '+', denied('grant', 'qa')],
    ['neither', NOBODY, T2, '-', denied('deny', 'qa')],
    ...(['?', '+', '-'] as const).flatMap((status) =>
      [GRANTER, REQUESTER, NOBODY].map((caller): [string, typeof GRANTER, typeof T1, string, 'ok'] => [
        caller.login,
        caller,
        T3,
        status,
        'ok',
      ]),
    ),
  ];

  it.each(matrix)('%s sets %s to %s: %p', (_who, caller, type, status, expected) => {
    const decided = flags.given().when(decision([bugFlags(input(status, { typeId: type.id }))], { caller }));
    if (expected === 'ok')
      expect(compact(decided.events())).toEqual([
        { target: null, changes: [[500, 'request', null, `${type.name}#${type.id}${status} by ${caller.login}`]] },
      ]);
    else decided.thenRefuses(...expected);
  });

  it.each([GRANTER, REQUESTER, NOBODY])('anyone may clear (`X`) a flag of any type: %s', (caller) => {
    for (const type of [T1, T2, T3]) {
      const events = flags
        .given(existing(30, type, '+', ANN))
        .when(decision([bugFlags(input('X', { id: 30 }))], { caller }))
        .events();
      expect(compact(events)).toEqual([{ target: null, changes: [[30, 'request', `${type.name}#${type.id}+ by ann@example.com`, null]] }]);
    }
  });

  it('an unchanged status passes whoever changes only the requestee, and keeps the requester', () => {
    const events = flags
      .given(existing(31, T1, '?', REQUESTER))
      .when(decision([bugFlags(input('?', { id: 31, requestee: 'ann@example.com' }))], { caller: NOBODY }))
      .events();
    expect(compact(events)).toEqual([
      {
        target: null,
        changes: [[31, 'request', 'approval#2? by requester@example.com', 'approval#2?(ann@example.com) by requester@example.com']],
      },
    ]);
  });

  it('refuses any status change by the formula, for every caller and type groups (property)', () => {
    const statuses = ['?', '+', '-', 'X'] as const;
    fc.assert(
      fc.property(
        fc.subarray([G.id, R.id, 99]),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('', '?', '+', '-'),
        fc.constantFrom(...statuses),
        (callerGroups, hasGrantGroup, hasRequestGroup, before, status) => {
          const type = flagType(40, 'gated', {
            grantGroup: hasGrantGroup ? G : null,
            requestGroup: hasRequestGroup ? R : null,
            isRequesteeble: false,
          });
          const caller = user(60, 'caller@example.com', { groupIds: callerGroups });
          const canSet = !hasGrantGroup || callerGroups.includes(G.id);
          const canRequest = canSet || !hasRequestGroup || callerGroups.includes(R.id);
          const allowed = status === before || status === 'X' || (status === '?' ? canRequest : canSet);
          const given = before === '' ? [] : [existing(30, type, before, ANN)];
          const flagInput = before === '' ? input(status, { typeId: type.id }) : input(status, { id: 30 });
          const outcome = decideFlags(decision([bugFlags(flagInput)], { caller, types: [type] }), flags.given(...given).state);
          expect(isFlagRefusal(outcome) ? outcome.code : 'ok').toBe(allowed ? 'ok' : 130);
        },
      ),
      { numRuns: 300 },
    );
  });
});
