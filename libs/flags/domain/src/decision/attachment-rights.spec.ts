import { deciderSpec } from '@tracker/testing';
import {
  ATTACHMENT,
  compact,
  decision,
  existing,
  input,
  NEEDINFO,
  NOBODY,
  OUTSIDER,
  REQUESTER,
  REVIEW,
} from '../testing/flag-world.fixture';
import { decideFlags, flagDecider } from './decide-flags';
import { isFlagRefusal } from './flag-refusal';

const flags = deciderSpec(flagDecider);
const ownedByRequester = existing(30, NEEDINFO, '?', REQUESTER);
const askedOfOutsider = existing(31, REVIEW, '?', NOBODY, OUTSIDER, ATTACHMENT.id);
const setByNobody = existing(32, REVIEW, '+', NOBODY, null, ATTACHMENT.id);
const own = existing(33, REVIEW, '?', REQUESTER, null, ATTACHMENT.id);
const restricted = (otherChanges: boolean, ...flagInputs: ReturnType<typeof input>[]): ReturnType<typeof decision> =>
  decision([{ attachmentId: ATTACHMENT.id, flags: flagInputs, restrictToOwnFlags: true, otherChanges }], { caller: REQUESTER });

describe("a caller who may not edit the attachment changes only their own flags (Bugzilla's flag-only attachment edit)", () => {
  it('applies inputs on flags they set, skipping the others', () => {
    const events = flags
      .given(own, setByNobody)
      .when(restricted(false, input('X', { id: 33 }), input('-', { id: 32 })))
      .events();
    expect(compact(events)).toEqual([{ target: ATTACHMENT.id, changes: [[33, 'request', 'review#4? by requester@example.com', null]] }]);
  });

  it('lets a requestee answer the request made of them', () => {
    const command = decision(
      [{ attachmentId: ATTACHMENT.id, flags: [input('+', { id: 31 })], restrictToOwnFlags: true, otherChanges: false }],
      { caller: OUTSIDER },
    );
    expect(compact(flags.given(askedOfOutsider).when(command).events())).toEqual([
      {
        target: ATTACHMENT.id,
        changes: [[31, 'request', 'review#4?(outsider@example.com) by nobody@example.com', 'review#4+ by outsider@example.com']],
      },
    ]);
  });

  it.each([
    ['a new flag among the inputs', [own], restricted(false, input('X', { id: 33 }), input('?', { typeId: REVIEW.id, isNew: true }))],
    ['fields changed with the flags', [own], restricted(true, input('X', { id: 33 }))],
    ['none of the flags theirs', [setByNobody], restricted(false, input('-', { id: 32 }))],
    ['no input at all', [own], restricted(false)],
  ])('refuses %s (stage rights)', (_case, given, command) => {
    flags
      .given(...given)
      .when(command)
      .thenRefuses(32000, 'You are not authorized to edit attachment 70.');
    const outcome = decideFlags(command, flags.given(...given).state);
    expect(isFlagRefusal(outcome) && outcome.stage).toBe('rights');
  });

  it('resolves first: an unknown flag is an extraction refusal, before the rights', () => {
    const outcome = decideFlags(restricted(false, input('X', { id: 99 })), []);
    expect(isFlagRefusal(outcome) && [outcome.code, outcome.stage]).toEqual([51, 'extract']);
  });

  it('does not restrict the bug’s own flags', () => {
    const command = decision([{ attachmentId: null, flags: [input('X', { id: 30 })], restrictToOwnFlags: true, otherChanges: true }], {
      caller: REQUESTER,
    });
    expect(compact(flags.given(ownedByRequester).when(command).events())).toEqual([
      { target: null, changes: [[30, 'request', 'needinfo#1? by requester@example.com', null]] },
    ]);
  });
});
