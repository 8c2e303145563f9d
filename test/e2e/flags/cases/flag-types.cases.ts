import { REBUILD_FLAGS_SUBJECT } from '@tracker/contracts';
import type { RunningTracker } from '../../../support/tracker';
import { perProductAdminCases } from './per-product-admin.cases';
import { productEmbeddingCases } from './product-embedding.cases';
import { ADMIN, ANONYMOUS, type Caller, FlagTypesWorld, type FlagTypesBody } from '../support/flag-types-world';

/**
 * Flag types over the gateway's HTTP in both run modes (docs/flags.md §2): create, update
 * and get with every parameter and error and its status, `values` per caller, BMO's
 * `/flag_types/` alias, URL-encoded names, and a rebuild of the read model that answers the
 * same. The flags suite runs these first on its installation, so type ids start at 1
 * (golden 121-126).
 */
export function flagTypeCases(tracker: () => RunningTracker): void {
  describe('flag types', () => {
    const world = new FlagTypesWorld(() => tracker().baseUrl);
    const OTHER = 'Other Product/2';
    let grantGroup: string;
    let requestGroup: string;
    let granter: Caller;
    let requester: Caller;
    let plain: Caller;
    const ids: Record<string, number> = {};

    const needinfo = (values: readonly string[] = ['X', '?', '+', '-']) => ({
      id: 2,
      name: 'needinfo1',
      type: 'bug',
      description: 'Need info',
      values,
      is_active: true,
      is_requesteeble: true,
      is_multiplicable: true,
      inclusions: ['RefComponent', 'Backend'],
    });
    const review = (values: readonly string[] = ['X', '?', '+', '-']) => ({
      id: 1,
      name: 'review1',
      type: 'attachment',
      description: 'Code review',
      values,
      is_active: true,
      is_requesteeble: true,
      is_multiplicable: true,
    });

    beforeAll(async () => {
      [grantGroup, requestGroup] = await Promise.all([world.group('granters'), world.group('requesters')]);
      const hidden = await world.group('hidden');
      [granter, requester, plain] = await Promise.all([
        world.user('granter', [grantGroup]),
        world.user('requester', [requestGroup]),
        world.user('plain'),
      ]);
      await world.product('RefProduct', ['RefComponent', 'Backend']);
      await world.product(OTHER, ['Front End']);
      await world.product('Hidden', ['Main'], [{ group: hidden, membercontrol: 'Mandatory', othercontrol: 'Mandatory' }]);
    }, 120_000);

    it('creates types as golden 121 and 122: 201 {id}, ids from 1', async () => {
      const created = await world.call(ADMIN, 'POST', '/flag_type', {
        name: 'review1',
        description: 'Code review',
        target_type: 'attachment',
        inclusions: ['RefProduct'],
        is_requestable: true,
        is_requesteeble: true,
        is_multiplicable: true,
        sortkey: 10,
      });
      expect({ status: created.status, body: created.json() }).toEqual({ status: 201, body: { id: 1 } });
      const body = {
        name: 'needinfo1',
        description: 'Need info',
        target_type: 'bug',
        inclusions: [{ RefProduct: ['RefComponent', 'Backend'] }],
      };
      expect(await world.flagType({ ...body, is_requestable: true, is_requesteeble: true })).toBe(2);
    });

    it('lists the types of a product (golden 124) and of a component (golden 125), also under /flag_types/', async () => {
      expect(await world.flagTypes(ADMIN, 'RefProduct')).toEqual({ bug: [needinfo()], attachment: [review()] });
      const component = { bug: [needinfo()], attachment: [review()] };
      expect(await world.flagTypes(ANONYMOUS, 'RefProduct', 'RefComponent')).toEqual(component);
      expect(await world.flagTypes(ANONYMOUS, 'refproduct', 'backend', '/flag_types')).toEqual(component);
      expect(await world.flagTypes(plain, 'RefProduct', undefined, '/flag_types')).toEqual({ bug: [needinfo()], attachment: [review()] });
      expect(await world.flagTypes(plain, OTHER)).toEqual({ bug: [], attachment: [] });
    });

    it('creates with every parameter: defaults, groups, cc list as a string, exclusions, sort order', async () => {
      ids.gated = await world.flagType({
        name: 'gated',
        description: '  Gated by groups  ',
        target_type: 'BUG',
        inclusions: [OTHER, 'RefProduct'],
        exclusions: [{ RefProduct: 'Backend' }],
        sortkey: '5',
        grant_group: grantGroup.toUpperCase(),
        request_group: requestGroup,
        cc_list: 'a@example.com, b@example.com c@example.com',
        is_specifically_requestable: false,
        is_requesteeble: true,
        is_multiplicable: false,
      });
      ids.granted = await world.flagType({
        name: 'granted',
        description: 'Grant only',
        target_type: 'bug',
        grant_group: grantGroup,
        sortkey: 5,
      });
      ids.quiet = await world.flagType({
        name: 'quiet',
        description: 'No requests',
        target_type: 'attachment',
        is_requestable: false,
        is_active: false,
      });
      const gated = {
        id: ids.gated,
        name: 'gated',
        type: 'bug',
        description: 'Gated by groups',
        is_active: true,
        is_requesteeble: false,
        is_multiplicable: false,
      };
      const granted = {
        id: ids.granted,
        name: 'granted',
        type: 'bug',
        description: 'Grant only',
        is_active: true,
        is_requesteeble: true,
        is_multiplicable: true,
      };
      const quiet = {
        id: ids.quiet,
        name: 'quiet',
        type: 'attachment',
        description: 'No requests',
        is_active: false,
        is_requesteeble: true,
        is_multiplicable: true,
      };
      const asCaller = async (caller: Caller): Promise<FlagTypesBody> => world.flagTypes(caller, OTHER, 'Front End');
      expect(await asCaller(granter)).toEqual({
        bug: [
          { ...gated, values: ['X', '?', '+', '-'] },
          { ...granted, values: ['X', '?', '+', '-'] },
        ],
        attachment: [{ ...quiet, values: ['X', '+', '-'] }],
      });
      expect(await asCaller(requester)).toEqual({
        bug: [
          { ...gated, values: ['X', '?'] },
          { ...granted, values: ['X', '?'] },
        ],
        attachment: [{ ...quiet, values: ['X', '+', '-'] }],
      });
      for (const caller of [plain, ANONYMOUS]) {
        expect(await asCaller(caller)).toEqual({
          bug: [
            { ...gated, values: ['X'] },
            { ...granted, values: ['X', '?'] },
          ],
          attachment: [{ ...quiet, values: ['X', '+', '-'] }],
        });
      }
      const product = await world.flagTypes(granter, 'RefProduct');
      expect(product.bug.map((type) => [type.name, type.exclusions, type.inclusions])).toEqual([
        ['needinfo1', undefined, ['RefComponent', 'Backend']],
        ['gated', ['Backend'], undefined],
        ['granted', undefined, undefined],
      ]);
      expect((await world.flagTypes(granter, 'RefProduct', 'Backend')).bug.map((type) => type.name)).toEqual(['needinfo1', 'granted']);
    });

    it('refuses unknown or hidden products (106, 401) and unknown components (51, 404)', async () => {
      const unknown = "Either the product 'Nope' does not exist or you don't have access to it.";
      expect(await world.refusal(plain, 'GET', '/flag_type/Nope')).toEqual({ status: 401, code: 106, message: unknown });
      expect(await world.refusal(ANONYMOUS, 'GET', '/flag_types/Hidden/Main')).toMatchObject({ status: 401, code: 106 });
      expect(await world.flagTypes(ADMIN, 'Hidden', 'Main')).toMatchObject({ bug: [{ name: 'granted' }] });
      expect(await world.refusal(plain, 'GET', '/flag_type/RefProduct/Nope')).toEqual({
        status: 404,
        code: 51,
        message: "There is no component named 'Nope' in the 'RefProduct' product.",
      });
    });

    it.each([
      ['logged out', ANONYMOUS, {}, 401, 410],
      ['without editcomponents', 'plain', { name: 'x', description: 'x', target_type: 'bug' }, 401, 304],
      ['no name', ADMIN, { description: 'x', target_type: 'bug' }, 400, 50],
      ['empty name', ADMIN, { name: '', description: 'x', target_type: 'bug' }, 400, 50],
      ['no description', ADMIN, { name: 'x', target_type: 'bug' }, 400, 50],
      ['no target_type', ADMIN, { name: 'x', description: 'x' }, 400, 50],
      ['another target_type', ADMIN, { name: 'x', description: 'x', target_type: 'comment' }, 400, 53],
      [
        'an unknown product (golden 123)',
        ADMIN,
        { name: 'x', description: 'x', target_type: 'bug', inclusions: ['RefProduct:'] },
        401,
        106,
      ],
      [
        'an unknown component',
        ADMIN,
        { name: 'x', description: 'x', target_type: 'bug', exclusions: [{ RefProduct: ['Nope'] }] },
        400,
        105,
      ],
      ['a clusion of another shape', ADMIN, { name: 'x', description: 'x', target_type: 'bug', inclusions: [['RefProduct']] }, 400, 53],
      [
        'a long cc list',
        ADMIN,
        { name: 'x', description: 'x', target_type: 'bug', cc_list: [`${'a'.repeat(195)}@example.com`] },
        400,
        1103,
      ],
      ['a bad address', ADMIN, { name: 'x', description: 'x', target_type: 'bug', cc_list: ['nobody'] }, 400, 501],
      ['a blank description', ADMIN, { name: 'x', description: '   ', target_type: 'bug' }, 400, 1102],
      ['an unknown grant group', ADMIN, { name: 'x', description: 'x', target_type: 'bug', grant_group: 'nope' }, 404, 51],
      ['a name with a space', ADMIN, { name: 'a b', description: 'x', target_type: 'bug' }, 400, 1101],
      ['a name with a comma', ADMIN, { name: 'a,b', description: 'x', target_type: 'bug' }, 400, 1101],
      ['a long name', ADMIN, { name: 'n'.repeat(51), description: 'x', target_type: 'bug' }, 400, 1101],
      ['an unknown request group', ADMIN, { name: 'x', description: 'x', target_type: 'bug', request_group: 'nope' }, 404, 51],
      ['sort key 0', ADMIN, { name: 'x', description: 'x', target_type: 'bug', sortkey: 0 }, 400, 1104],
      ['sort key 32768', ADMIN, { name: 'x', description: 'x', target_type: 'bug', sortkey: 32768 }, 400, 1104],
      ['a non-boolean is_active', ADMIN, { name: 'x', description: 'x', target_type: 'bug', is_active: 'maybe' }, 400, 53],
    ])('refuses a create %s (%s %s)', async (_case, who, body, status, code) => {
      const caller = who === 'plain' ? plain : (who as Caller);
      expect(await world.refusal(caller, 'POST', '/flag_type', body)).toMatchObject({ status, code });
    });

    it('refuses with the messages of Bugzilla', async () => {
      expect(await world.refusal(plain, 'POST', '/flag_type', { name: 'x' })).toEqual({
        status: 401,
        code: 304,
        message: "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add new flag types.",
      });
      expect(await world.refusal(ADMIN, 'POST', '/flag_type', { name: 'x', description: 'x', target_type: 'bug', sortkey: 'x' })).toEqual({
        status: 400,
        code: 1104,
        message: 'The sort key x must be an integer between 1 and 32767.',
      });
      expect((await world.flagTypes(ADMIN, 'RefProduct')).bug.map((type) => type.name)).toEqual(['needinfo1', 'gated', 'granted']);
    });

    it('updates a type as golden 126: only real changes, old and new values', async () => {
      const body = { description: 'Code review (updated)', sortkey: 20 };
      expect(await world.ok(ADMIN, 'PUT', '/flag_type/1', body)).toEqual({
        flagtypes: [
          {
            id: 1,
            name: 'review1',
            changes: { description: { removed: 'Code review', added: 'Code review (updated)' }, sortkey: { removed: '10', added: '20' } },
          },
        ],
      });
      expect(await world.ok(ADMIN, 'PUT', '/flag_type/review1', body)).toEqual({ flagtypes: [{ id: 1, name: 'review1', changes: {} }] });
    });

    it('updates every field, by id, name and path, and reports booleans, groups, cc list and scope', async () => {
      const result = await world.ok(ADMIN, 'PUT', '/flag_type/needinfo1', {
        ids: [ids.granted],
        is_active: false,
        is_requesteeble: false,
        grant_group: '',
        request_group: requestGroup,
        cc_list: ['c@example.com'],
        inclusions: ['RefProduct'],
        exclusions: [{ RefProduct: ['Backend'] }],
      });
      const common = {
        is_active: { removed: '1', added: '0' },
        is_requesteeble: { removed: '1', added: '0' },
        cc_list: { removed: '', added: 'c@example.com' },
        exclusions: { removed: '', added: 'RefProduct:Backend' },
      };
      expect(result).toEqual({
        flagtypes: [
          {
            id: ids.granted,
            name: 'granted',
            changes: {
              ...common,
              grant_group_id: { removed: expect.stringMatching(/^\d+$/), added: '' },
              request_group_id: { removed: '', added: expect.stringMatching(/^\d+$/) },
              inclusions: { removed: '__Any__:__Any__', added: 'RefProduct:__Any__' },
            },
          },
          {
            id: 2,
            name: 'needinfo1',
            changes: {
              ...common,
              request_group_id: { removed: '', added: expect.stringMatching(/^\d+$/) },
              inclusions: { removed: 'RefProduct:Backend, RefProduct:RefComponent', added: 'RefProduct:__Any__' },
            },
          },
        ],
      });
      const backend = await world.flagTypes(plain, 'RefProduct', 'Backend');
      expect(backend.bug).toEqual([]);
      const refComponent = await world.flagTypes(plain, 'RefProduct', 'RefComponent');
      expect(refComponent.bug.map((type) => [type.name, type.is_active, type.is_requesteeble, type.values])).toEqual([
        ['needinfo1', false, false, ['X', '?', '+', '-']],
        ['gated', true, false, ['X']],
        ['granted', false, false, ['X', '?', '+', '-']],
      ]);
    });

    it('renames, and updates every type of a name (names, any case)', async () => {
      await world.flagType({ name: 'twin', description: 'One', target_type: 'bug', inclusions: [OTHER] });
      await world.flagType({ name: 'Twin', description: 'Two', target_type: 'attachment', inclusions: [OTHER] });
      const result = await world.ok<{ flagtypes: Array<{ name: string; changes: object }> }>(ADMIN, 'PUT', '/flag_type/review1', {
        names: ['TWIN'],
        sortkey: 7,
      });
      expect(result.flagtypes.map((type) => [type.name, Object.keys(type.changes)])).toEqual([
        ['review1', ['sortkey']],
        ['twin', ['sortkey']],
        ['Twin', ['sortkey']],
      ]);
      const renamed = await world.ok(ADMIN, 'PUT', `/flag_type/${ids.quiet}`, { name: 'hush' });
      expect(renamed).toEqual({ flagtypes: [{ id: ids.quiet, name: 'hush', changes: { name: { removed: 'quiet', added: 'hush' } } }] });
    });

    it.each([
      ['logged out', ANONYMOUS, '/flag_type/1', { sortkey: 3 }, 401, 410, 'You must log in before using this part of Tracker.'],
      [
        'without editcomponents',
        'plain',
        '/flag_type/1',
        { sortkey: 3 },
        401,
        304,
        "Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete flag types.",
      ],
      ['an unknown id', ADMIN, '/flag_type/999', { sortkey: 3 }, 404, 51, "There is no flagtype with the id '999'."],
      [
        'an id beyond any database in the path',
        ADMIN,
        `/flag_type/${2 ** 31}`,
        { sortkey: 3 },
        400,
        54,
        `Invalid parameter 'id_or_name': '${2 ** 31}' is too large; the largest allowed is 2147483647.`,
      ],
      ['an id beyond any database in ids', ADMIN, '/flag_type/1', { ids: [2 ** 31] }, 400, 54, undefined],
      ['an unknown name', ADMIN, '/flag_type/1', { names: ['nope'], sortkey: 3 }, 404, 51, "There is no flagtype named 'nope'."],
      ['an unknown product', ADMIN, '/flag_type/1', { inclusions: ['Nope'], sortkey: 3 }, 401, 106, undefined],
      ['a bad name', ADMIN, '/flag_type/1', { name: 'two words', sortkey: 3 }, 400, 1101, undefined],
      ['a blank description', ADMIN, '/flag_type/1', { description: ' ', sortkey: 3 }, 400, 1102, undefined],
      ['a long cc list', ADMIN, '/flag_type/1', { cc_list: `${'c'.repeat(195)}@example.com`, sortkey: 3 }, 400, 1103, undefined],
      ['a bad sort key', ADMIN, '/flag_type/1', { sortkey: -1 }, 400, 1104, undefined],
    ])('refuses an update %s (%s), changing nothing', async (_case, who, path, body, status, code, message) => {
      const before = await world.flagTypes(ADMIN, 'RefProduct');
      const caller = who === 'plain' ? plain : (who as Caller);
      const refusal = await world.refusal(caller, 'PUT', path, body);
      expect(refusal).toMatchObject({ status, code, ...(message === undefined ? {} : { message }) });
      expect(await world.flagTypes(ADMIN, 'RefProduct')).toEqual(before);
    });

    perProductAdminCases(world);

    productEmbeddingCases(world, () => plain);

    it('answers the same after the read model is rebuilt from the log, and hands out the next id', async () => {
      const reads = async (): Promise<unknown[]> => {
        const all: unknown[] = [];
        for (const caller of [ADMIN, granter, plain]) {
          all.push(await world.ok(caller, 'GET', `/product?names=RefProduct&names=${encodeURIComponent(OTHER)}`));
          for (const [product, component] of [
            ['RefProduct'],
            ['RefProduct', 'RefComponent'],
            ['RefProduct', 'Backend'],
            [OTHER, 'Front End'],
          ]) {
            all.push(await world.flagTypes(caller, product as string, component));
          }
        }
        return all;
      };
      const before = await reads();
      await tracker().request(REBUILD_FLAGS_SUBJECT, {});
      expect(await reads()).toEqual(before);
      const next = await world.flagType({ name: 'after', description: 'After the rebuild', target_type: 'bug' });
      expect(next).toBe(9);
    });
  });
}
