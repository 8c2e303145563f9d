import { ANONYMOUS, type ServiceRequest } from '@tracker/contracts';
import type { CatalogClient } from '../collaborators/catalog.client';
import type { FlagTypeRecord } from '../read-model/flag-type.queries';
import { clusionProductNames, flagTypeAdminOf, groupNamesOf } from './flag-type-admin';
import { flagTypeSummary, flagTypeWire } from './flag-type.wire';

const P = 3;
const components = [
  { id: 9, name: 'Backend' },
  { id: 5, name: 'RefComponent' },
  { id: 7, name: 'Docs' },
];
const ref = (id: number | null) => (id === null ? null : { id, name: '' });
const clusion = (product: number | null, component: number | null) => ({ product: ref(product), component: ref(component) });
const type = (extra: Partial<FlagTypeRecord> = {}): FlagTypeRecord => ({
  id: 2,
  name: 'needinfo',
  description: 'Need info',
  targetType: 'bug',
  sortKey: 1,
  isActive: true,
  isRequestable: true,
  isRequesteeble: true,
  isMultiplicable: false,
  ccList: 'a@example.com',
  grantGroup: { id: 40, name: 'granters' },
  requestGroup: null,
  inclusions: [clusion(null, null)],
  exclusions: [],
  ...extra,
});

describe('flag types on the wire', () => {
  it.each([
    ['product-wide: no lists', [clusion(null, null)], [], {}],
    ['this product as a whole: no lists', [clusion(P, null), clusion(P, 5)], [], {}],
    [
      'components of this product in id order',
      [clusion(P, 9), clusion(P, 5), clusion(4, 1)],
      [],
      { inclusions: ['RefComponent', 'Backend'] },
    ],
    [
      'exclusions when the inclusions cover the product',
      [clusion(P, null)],
      [clusion(P, 9), clusion(null, 7)],
      { exclusions: ['Docs', 'Backend'] },
    ],
    ['no list naming no component of it', [clusion(null, null)], [clusion(4, 9)], {}],
  ])('%s', (_case, inclusions, exclusions, lists) => {
    const wire = flagTypeWire(type({ inclusions, exclusions }), P, components, [40]);
    expect(wire).toEqual({
      id: 2,
      name: 'needinfo',
      type: 'bug',
      description: 'Need info',
      values: ['X', '?', '+', '-'],
      is_active: true,
      is_requesteeble: true,
      is_multiplicable: false,
      ...lists,
    });
  });

  it('gives values per caller and the embedded summary', () => {
    expect(flagTypeWire(type(), P, components, []).values).toEqual(['X', '?']);
    expect(flagTypeWire(type({ isRequestable: false }), P, components, []).values).toEqual(['X']);
    expect(flagTypeSummary(type())).toEqual({
      id: 2,
      name: 'needinfo',
      description: 'Need info',
      cc_list: 'a@example.com',
      sort_key: 1,
      is_active: true,
      is_requestable: true,
      is_requesteeble: true,
      is_multiplicable: false,
      grant_group: 40,
      request_group: null,
    });
  });
});

describe('flag type administration', () => {
  const request = (userId: number | null): ServiceRequest => ({
    auth: { ...ANONYMOUS, userId, login: userId ? 'a@b.c' : null },
    correlationId: 'c',
    params: {},
  });
  const catalog = { administered: jest.fn(async () => ({ all: false, productIds: [3, 8] })) } as unknown as CatalogClient;

  it('asks the catalog for a logged-in caller only', async () => {
    expect(await flagTypeAdminOf(request(null), catalog)).toEqual({ loggedIn: false, global: false, productIds: [] });
    expect(catalog.administered).not.toHaveBeenCalled();
    expect(await flagTypeAdminOf(request(5), catalog)).toEqual({ loggedIn: true, global: false, productIds: [3, 8] });
  });

  it('finds the product names of clusion items and the groups named', () => {
    expect(clusionProductNames(['A', ' B ', 7], [{ C: ['x'], A: 'y' }, ['D'], null], undefined)).toEqual(['A', 'B', '7', 'C']);
    expect(groupNamesOf({ grantGroup: 'g', requestGroup: ' ' })).toEqual(['g']);
    expect(groupNamesOf({})).toEqual([]);
  });
});
