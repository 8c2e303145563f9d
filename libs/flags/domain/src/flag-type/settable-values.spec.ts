import { settableValues } from './settable-values';

const G = { id: 10, name: 'granters' };
const R = { id: 11, name: 'requesters' };
const gated = { isRequestable: true, grantGroup: G, requestGroup: R };

describe("`values` of a flag type read (Bugzilla's _flagtype_to_hash)", () => {
  it.each([
    [
      'a type without groups, logged out (golden 125)',
      { isRequestable: true, grantGroup: null, requestGroup: null },
      [],
      ['X', '?', '+', '-'],
    ],
    ['a type that is not requestable', { isRequestable: false, grantGroup: null, requestGroup: null }, [], ['X', '+', '-']],
    ['a member of the grant group', gated, [G.id], ['X', '?', '+', '-']],
    ['a member of the request group only', gated, [R.id], ['X', '?']],
    ['neither', gated, [], ['X']],
    ['neither, on a type with a grant group only', { isRequestable: true, grantGroup: G, requestGroup: null }, [], ['X', '?']],
  ])('%s: %p', (_case, type, groups, values) => {
    expect(settableValues(type, groups)).toEqual(values);
  });
});
