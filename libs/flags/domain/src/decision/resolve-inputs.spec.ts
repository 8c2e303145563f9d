import type { FlagsChanged } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import {
  APPROVAL,
  APPROVAL_Q,
  ATTACHMENT,
  attachmentFlags,
  BUG,
  bugFlags,
  compact,
  decision,
  existing,
  GRANTER,
  input,
  NEEDINFO,
  NOBODY,
  Q,
  Q1,
  REVIEW,
} from '../testing/flag-world.fixture';
import { decideFlags, flagDecider } from './decide-flags';
import { isFlagRefusal } from './flag-refusal';

const flags = deciderSpec(flagDecider);
const needinfo20 = existing(20, NEEDINFO, '?', NOBODY);
const needinfo21 = existing(21, NEEDINFO, '+', NOBODY);
const approval22 = existing(22, APPROVAL, '?', NOBODY);
const review30 = existing(30, REVIEW, '?', NOBODY, null, ATTACHMENT.id);

describe("resolving flag inputs (Bugzilla's extract_flags)", () => {
  it.each([
    [
      'an id of a flag of the target: that flag',
      [needinfo20],
      input('+', { id: 20 }),
      [[20, 'request', 'needinfo#1? by nobody@example.com', 'needinfo#1+ by granter@example.com']],
    ],
    [
      'a type id with one flag of it: that flag',
      [needinfo20],
      input('+', { typeId: 1 }),
      [[20, 'request', 'needinfo#1? by nobody@example.com', 'needinfo#1+ by granter@example.com']],
    ],
    [
      'a type id without flags of it: a new flag',
      [],
      input('?', { typeId: 1 }),
      [[500, 'request', null, 'needinfo#1? by granter@example.com']],
    ],
    [
      'a type id with `new`: a new flag beside the one there',
      [needinfo20],
      input('+', { typeId: 1, isNew: true }),
      [[500, 'request', null, 'needinfo#1+ by granter@example.com']],
    ],
    [
      'a name with one flag of it: that flag',
      [approval22],
      input('+', { name: 'approval' }),
      [[22, 'request', 'approval#2? by nobody@example.com', 'approval#2+ by granter@example.com']],
    ],
    [
      'a name without flags of it: a new flag',
      [],
      input('?', { name: 'approval' }),
      [[500, 'request', null, 'approval#2? by granter@example.com']],
    ],
    [
      'a name with `new`: a new flag',
      [needinfo20],
      input('?', { name: 'needinfo', isNew: true }),
      [[500, 'request', null, 'needinfo#1? by granter@example.com']],
    ],
    [
      'an id wins over a type id and a name',
      [needinfo20, approval22],
      input('-', { id: 22, typeId: 1, name: 'needinfo' }),
      [[22, 'request', 'approval#2? by nobody@example.com', 'approval#2- by granter@example.com']],
    ],
  ])('%s', (_case, given: FlagsChanged[], flag, changes) => {
    const events = flags
      .given(...given)
      .when(decision([bugFlags(flag)]))
      .events();
    expect(compact(events)).toEqual([{ target: null, changes }]);
  });

  it.each([
    ['an id that is no flag', [needinfo20], input('+', { id: 99 }), 51, "There is no flag with the id '99'."],
    ["an id of the attachment's flag given for the bug", [review30], input('+', { id: 30 }), 51, "There is no flag with the id '30'."],
    ['a type id of a type not applying here', [], input('?', { typeId: APPROVAL_Q.id }), 51, "There is no flagtype with the id '6'."],
    [
      "a type id of attachments' type given for the bug",
      [],
      input('?', { typeId: REVIEW.id }),
      51,
      "There is no flagtype with the id '4'.",
    ],
    [
      'a type id with two flags of it and no `new`',
      [needinfo20, needinfo21],
      input('-', { typeId: 1 }),
      132,
      "The flag '1' has been set multiple times. You must specify the id value to update the flag.",
    ],
    ['a name of no type', [], input('?', { name: 'nope' }), 51, "There is no flagtype named 'nope'."],
    [
      'a name in another case (names are case-sensitive)',
      [],
      input('?', { name: 'NeedInfo' }),
      51,
      "There is no flagtype named 'NeedInfo'.",
    ],
    [
      'a name shared by two types',
      [],
      input('?', { name: 'dup' }),
      133,
      "The flag type 'dup' matches several flag types. You must specify the type id value to update or add a flag.",
    ],
    [
      'a name with two flags of it and no `new`',
      [needinfo20, needinfo21],
      input('-', { name: 'needinfo' }),
      132,
      "The flag 'needinfo' has been set multiple times. You must specify the id value to update the flag.",
    ],
  ])('refuses %s (stage extract)', (_case, given: FlagsChanged[], flag, code, message) => {
    flags
      .given(...given)
      .when(decision([bugFlags(flag)]))
      .thenRefuses(code, message);
    const outcome = decideFlags(decision([bugFlags(flag)]), flags.given(...given).state);
    expect(isFlagRefusal(outcome) && [outcome.stage, outcome.inputIndex]).toEqual(['extract', 0]);
  });

  it('refuses an input naming nothing when its turn comes, after the others are resolved (50, stage apply)', () => {
    const outcome = decideFlags(decision([bugFlags(input('+', { name: 'nope' }))]), []);
    expect(isFlagRefusal(outcome) && [outcome.code, outcome.stage]).toEqual([51, 'extract']);
    const unnamed = decideFlags(decision([bugFlags(input('?'), input('?', { typeId: 1 }))]), []);
    expect(isFlagRefusal(unnamed) && [unnamed.code, unnamed.message, unnamed.stage]).toEqual([
      50,
      'The function requires a id/type_id argument, and that argument was not set.',
      'apply',
    ]);
  });

  it("does not see a flag whose type no longer applies to the bug as it will be (a move to Q hides P's approval)", () => {
    flags
      .given(approval22)
      .when(decision([bugFlags(input('+', { id: 22 }))], { bug: { ...BUG, productId: Q.id, componentId: Q1.id, moved: true } }))
      .thenRefuses(51, "There is no flag with the id '22'.");
  });

  it("resolves an attachment's inputs among the attachment's flags and types", () => {
    const events = flags
      .given(review30, needinfo20)
      .when(decision([attachmentFlags(ATTACHMENT.id, input('+', { name: 'review' }))]))
      .events();
    expect(compact(events)).toEqual([
      { target: ATTACHMENT.id, changes: [[30, 'request', 'review#4? by nobody@example.com', 'review#4+ by granter@example.com']] },
    ]);
    expect(events[0]?.data.changedBy).toEqual({ id: GRANTER.id, login: GRANTER.login });
  });
});
