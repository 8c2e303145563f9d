import type { GetFlagActivityParams } from '@tracker/contracts';
import { flagActivityQuery, type ActivityQueryFacts } from './activity-query';

const FACTS: ActivityQueryFacts = {
  maxResults: 100,
  types: [
    { id: 1, name: 'review' },
    { id: 2, name: 'Review' },
    { id: 3, name: 'needinfo' },
  ],
  users: [{ id: 7, login: 'ann@example.com' }],
};
const NONE: GetFlagActivityParams = {
  flag_id: undefined,
  flag_ids: undefined,
  type_id: undefined,
  type_name: undefined,
  requestee: undefined,
  setter: undefined,
  bug_id: undefined,
  status: undefined,
  limit: undefined,
  offset: undefined,
  after: undefined,
  before: undefined,
};
const query = (params: Partial<GetFlagActivityParams>) => flagActivityQuery({ ...NONE, ...params }, FACTS);
const EVERYTHING = {
  flagIds: null,
  typeIds: null,
  requesteeId: null,
  setterId: null,
  bugId: null,
  status: null,
  limit: 100,
  offset: 0,
  after: null,
  before: null,
};

describe("flag activity parameters (BMO's Review.flag_activity, docs/flags.md §6)", () => {
  it.each([
    ['nothing: everything, up to the cap', {}, EVERYTHING],
    ['a flag id', { flag_id: '12' }, { ...EVERYTHING, flagIds: [12] }],
    ['flag ids replacing a flag id', { flag_id: '12', flag_ids: ['3', '4'] }, { ...EVERYTHING, flagIds: [3, 4] }],
    ['a flag id no database holds: well-formed, matching nothing', { flag_id: '99999999999' }, { ...EVERYTHING, flagIds: [] }],
    ['a type id', { type_id: '3' }, { ...EVERYTHING, typeIds: [3] }],
    [
      'a type name: every type of it, regardless of case; it replaces a type id',
      { type_id: '3', type_name: 'REVIEW' },
      { ...EVERYTHING, typeIds: [1, 2] },
    ],
    ['an unknown type name: nothing', { type_name: 'nope' }, { ...EVERYTHING, typeIds: [] }],
    [
      'requestee and setter logins',
      { requestee: 'ANN@example.com', setter: 'ann@example.com' },
      { ...EVERYTHING, requesteeId: 7, setterId: 7 },
    ],
    ['bug and status', { bug_id: 5, status: '?' }, { ...EVERYTHING, bugId: 5, status: '?' }],
    ['limit 0 is the cap', { limit: 0 }, EVERYTHING],
    ['a limit above the cap is the cap', { limit: 5000, offset: 10 }, { ...EVERYTHING, offset: 10 }],
    ['a limit and offset', { limit: 20, offset: 40 }, { ...EVERYTHING, limit: 20, offset: 40 }],
    [
      'dates from 00:00 UTC of their day',
      { after: '2026-11-20T15:00:00.000Z', before: '2026-11-22T00:00:00.000Z' },
      { ...EVERYTHING, after: '2026-11-20T00:00:00.000Z', before: '2026-11-22T00:00:00.000Z' },
    ],
  ])('selects %s', (_case, params, expected) => {
    expect(query(params)).toEqual(expected);
  });

  it.each([
    ['a malformed flag id', { flag_id: '1x' }, 32000, "The flag id '1x' is invalid."],
    ['a malformed id among flag ids', { flag_ids: ['1', '-2'] }, 32000, "The flag id '-2' is invalid."],
    ['a malformed type id', { type_id: 'review' }, 32000, "The flag type id 'review' is invalid."],
    [
      'an unknown requestee',
      { requestee: 'who@example.com' },
      504,
      'The name who@example.com is not a valid username. Either you misspelled it, or the person has not registered for a Tracker account.',
    ],
    [
      'an unknown setter',
      { setter: 'who@example.com' },
      504,
      'The name who@example.com is not a valid username. Either you misspelled it, or the person has not registered for a Tracker account.',
    ],
    ['an offset without a limit', { offset: 5 }, 50, 'The function requires a limit argument, and that argument was not set.'],
    ['a negative limit', { limit: -1 }, 53, "The value '-1' is not valid for the 'limit' parameter."],
    ['a malformed flag id before an unknown user', { flag_id: 'x', setter: 'who@example.com' }, 32000, "The flag id 'x' is invalid."],
  ])('refuses %s', (_case, params, code, message) => {
    const outcome = query(params);
    expect('code' in outcome && { code: outcome.code, message: outcome.message }).toEqual({ code, message });
  });
});
