import { prepareFlagTypeUpdate, type FlagTypeUpdateRequest } from './prepare-flag-type-update';
import { EDITCOMPONENTS, LOGGED_OUT, PLAIN_USER, PRODUCTS, REF, REF_ADMIN } from '../testing/flag-type-world.fixture';

const TYPES = [
  { id: 1, name: 'review' },
  { id: 2, name: 'Review' },
  { id: 3, name: 'needinfo' },
];
const request = (overrides: Partial<FlagTypeUpdateRequest>): FlagTypeUpdateRequest => ({
  admin: EDITCOMPONENTS,
  values: {},
  products: PRODUCTS,
  types: TYPES,
  ...overrides,
});

describe('the shared stage of FlagType.update (docs/flags.md §2.2)', () => {
  it.each([
    ['the path as an id', request({ idOrName: '3' }), [3]],
    ['the path as a name: every type of that name, regardless of case', request({ idOrName: 'REVIEW' }), [1, 2]],
    ['the path, then ids, then names, each type once', request({ idOrName: '2', ids: [3, 2], names: ['review'] }), [2, 3, 1]],
  ])('names the types by %s', (_case, given, typeIds) => {
    expect(prepareFlagTypeUpdate(given)).toEqual({ typeIds });
  });

  it.each([
    ['logged out', request({ admin: LOGGED_OUT, ids: [1] }), 410, 'You must log in before using this part of Tracker.'],
    [
      'administering nothing',
      request({ admin: PLAIN_USER, ids: [99] }),
      304,
      "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete flag types.",
    ],
    [
      'neither ids nor names',
      request({}),
      50,
      'The function FlagType.update requires that you set one of the following parameters: ids, names',
    ],
    ['an unknown id', request({ ids: [9] }), 51, "There is no flagtype with the id '9'."],
    ['id 0', request({ ids: [0] }), 51, "There is no flagtype with the id '0'."],
    ['an id beyond any database id', request({ idOrName: '2147483648' }), 51, "There is no flagtype with the id '2147483648'."],
    ['an unknown name', request({ names: ['nope'] }), 51, "There is no flagtype named 'nope'."],
    [
      'an unknown id before a bad clusion',
      request({ ids: [9], values: { inclusions: ['Nope'] } }),
      51,
      "There is no flagtype with the id '9'.",
    ],
    [
      'a product not administered in the clusions',
      request({ admin: REF_ADMIN, ids: [1], values: { exclusions: ['Other'] } }),
      106,
      "Either the product 'Other' does not exist or you don't have access to it.",
    ],
  ])('refuses %s', (_case, given, code, message) => {
    const outcome = prepareFlagTypeUpdate(given);
    expect('code' in outcome && { code: outcome.code, message: outcome.message }).toEqual({ code, message });
  });

  it('resolves the clusions once for every type', () => {
    expect(
      prepareFlagTypeUpdate(request({ ids: [1], values: { inclusions: [{ refproduct: [] }, 'RefProduct'], exclusions: [] } })),
    ).toEqual({
      typeIds: [1],
      inclusions: [{ product: REF, component: null }],
      exclusions: [],
    });
  });
});
