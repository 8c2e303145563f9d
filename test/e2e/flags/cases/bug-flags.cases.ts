import { REBUILD_FLAGS_SUBJECT } from '@tracker/contracts';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, type Caller, DATETIME } from '../../../support/world';
import type { FlagBody } from '../support/bug-flags-world';
import { errorOf, FlagTypesWorld } from '../support/flag-types-world';

/**
 * Flags on bugs over the gateway's HTTP in both run modes (docs/flags.md §3–5): `flags` of
 * bug create and update with every resolution and application rule and its status, the
 * permission matrix of §3.4, requestees (CC joined, unknown, not requesteeble), flags in bug
 * reads (shape, order, skipped when excluded), `changes` and history rows, nothing written on a
 * refusal, and the read model rebuilt from the log answering the same.
 */
export function bugFlagCases(tracker: () => RunningTracker): void {
  describe('flags on bugs', () => {
    const world = new FlagTypesWorld(() => tracker().baseUrl);
    const product = `FlagProduct-${world.suffix}`;
    let granter: Caller;
    let requester: Caller;
    let plain: Caller;
    const types: Record<string, number> = {};

    const bug = async (body: Record<string, unknown> = {}, caller: Caller = ADMIN): Promise<number> =>
      (
        await world.ok<{ id: number }>(caller, 'POST', '/bug', {
          product,
          component: 'Main',
          version: 'unspecified',
          summary: 'flags',
          ...body,
        })
      ).id;
    const read = async (id: number, query = ''): Promise<Record<string, unknown>> =>
      (await world.ok<{ bugs: Array<Record<string, unknown>> }>(ADMIN, 'GET', `/bug/${id}${query}`)).bugs[0] ?? {};
    const flagsOf = async (id: number): Promise<FlagBody[]> => (await read(id)).flags as FlagBody[];
    const update = (caller: Caller, id: number, body: Record<string, unknown>) => world.call(caller, 'PUT', `/bug/${id}`, body);

    beforeAll(async () => {
      const [grant, request] = await Promise.all([world.group('g'), world.group('r')]);
      [granter, requester, plain] = await Promise.all([
        world.user('granter', [grant]),
        world.user('requester', [request]),
        world.user('plain'),
      ]);
      await world.product(product, ['Main']);
      const type = (name: string, extra: Record<string, unknown>) =>
        world.flagType({ name: `${name}-${world.suffix}`, description: name, target_type: 'bug', inclusions: [product], ...extra });
      types.needinfo = await type('needinfo', { sortkey: 1 });
      types.approval = await type('approval', { sortkey: 2, grant_group: grant, request_group: request, is_multiplicable: false });
      types.granted = await type('granted', { sortkey: 3, grant_group: grant });
      types.quiet = await type('quiet', { sortkey: 4, is_specifically_requestable: false });
      types.blocking = await type('blocking', { sortkey: 4, is_requestable: false });
      types.retired = await type('retired', { sortkey: 5, is_active: false });
    }, 180_000);

    const name = (key: string): string => `${key}-${world.suffix}`;

    it('creates a bug with flags: requestee on CC, flags in the bug object in type order, history rows', async () => {
      const id = await bug({
        flags: [
          { name: name('granted'), status: '+' },
          { type_id: types.needinfo, status: '?', requestee: plain.login },
        ],
      });
      const read1 = await read(id);
      expect(read1.cc).toContain(plain.login);
      const flags = read1.flags as FlagBody[];
      expect(flags.map(({ name: flag, status, setter, requestee, type_id }) => ({ flag, status, setter, requestee, type_id }))).toEqual([
        { flag: name('needinfo'), status: '?', setter: ADMIN.login, requestee: plain.login, type_id: types.needinfo },
        { flag: name('granted'), status: '+', setter: ADMIN.login, requestee: undefined, type_id: types.granted },
      ]);
      expect(flags[1]).not.toHaveProperty('requestee');
      for (const flag of flags) {
        expect(flag.creation_date).toMatch(DATETIME);
        expect(flag.modification_date).toBe(flag.creation_date);
      }
      expect(await read(id, '?exclude_fields=flags')).not.toHaveProperty('flags');
      expect(await read(id, '?include_fields=id,flags')).toEqual({ id, flags });
      const searched = await world.ok<{ bugs: Array<{ id: number; flags: FlagBody[] }> }>(
        ADMIN,
        'GET',
        `/bug?id=${id}&include_fields=id,flags`,
      );
      expect(searched.bugs).toEqual([{ id, flags }]);
    });

    it('updates flags by id, type and name: changes as flagtypes.name, setter kept on ?→?, cleared with X, history', async () => {
      const id = await bug({ flags: [{ name: name('needinfo'), status: '?', requestee: plain.login }] });
      const [needinfo] = await flagsOf(id);
      const changed = await update(requester, id, { flags: [{ id: needinfo?.id, status: '?', requestee: granter.login }] });
      expect(changed.status).toBe(200);
      expect(changed.json<{ bugs: Array<{ changes: Record<string, unknown> }> }>().bugs[0]?.changes).toEqual({
        cc: { added: granter.login, removed: '' },
        'flagtypes.name': { added: `${name('needinfo')}?(${granter.login})`, removed: `${name('needinfo')}?(${plain.login})` },
      });
      expect((await flagsOf(id))[0]).toMatchObject({ id: needinfo?.id, setter: ADMIN.login, requestee: granter.login });
      await world.ok(granter, 'PUT', `/bug/${id}`, { flags: [{ name: name('needinfo'), status: '+' }] });
      expect((await flagsOf(id))[0]).toMatchObject({ id: needinfo?.id, status: '+', setter: granter.login });
      await world.ok(plain, 'PUT', `/bug/${id}`, {
        flags: [
          { id: needinfo?.id, status: 'X' },
          { type_id: types.needinfo, status: 'X' },
        ],
      });
      expect(await flagsOf(id)).toEqual([]);
      const history = await world.ok<{ bugs: Array<{ history: Array<{ who: string; changes: Array<Record<string, string>> }> }> }>(
        ADMIN,
        'GET',
        `/bug/${id}/history`,
      );
      const rows = (history.bugs[0]?.history ?? []).flatMap((entry) =>
        entry.changes.filter((row) => row.field_name === 'flagtypes.name').map((row) => ({ who: entry.who, ...row })),
      );
      expect(rows).toEqual([
        { who: ADMIN.login, field_name: 'flagtypes.name', removed: '', added: `${name('needinfo')}?(${plain.login})` },
        {
          who: requester.login,
          field_name: 'flagtypes.name',
          removed: `${name('needinfo')}?(${plain.login})`,
          added: `${name('needinfo')}?(${granter.login})`,
        },
        {
          who: granter.login,
          field_name: 'flagtypes.name',
          removed: `${name('needinfo')}?(${granter.login})`,
          added: `${name('needinfo')}+`,
        },
        { who: plain.login, field_name: 'flagtypes.name', removed: `${name('needinfo')}+`, added: '' },
      ]);
    });

    it.each([
      ['an unknown type name', [{ name: 'no-such', status: '?' }], 404, 51, "There is no flagtype named 'no-such'."],
      ['an unknown type id', [{ type_id: 999_999, status: '?' }], 404, 51, "There is no flagtype with the id '999999'."],
      ['an unknown flag id', [{ id: 999_999, status: '+' }], 404, 51, "There is no flag with the id '999999'."],
      ['nothing identifying', [{ status: '?' }], 400, 50, 'The function requires a id/type_id argument, and that argument was not set.'],
      ['a bad status', [{ name: 'NEEDINFO', status: '!' }], 400, 129, 'The flag status ! is invalid.'],
      ['? on a type not requestable', [{ name: 'BLOCKING', status: '?' }], 400, 129, 'The flag status ? is invalid.'],
      [
        'an inactive type',
        [{ name: 'RETIRED', status: '+' }],
        400,
        134,
        'The flag type RETIRED is inactive and cannot be used to create new flags.',
      ],
      [
        'a second flag of a type not multiplicable',
        [
          { name: 'APPROVAL', status: '?' },
          { name: 'APPROVAL', status: '?', new: true },
        ],
        400,
        32000,
        'You cannot have several APPROVAL flags for this bug.',
      ],
      [
        'a requestee who does not exist',
        [{ name: 'NEEDINFO', status: '?', requestee: 'nobody@example.com' }],
        404,
        51,
        "There is no user named 'nobody@example.com'. Either you mis-typed the name or that user has not yet registered for a Tracker account.",
      ],
      [
        'a requestee on a type not requesteeble',
        [{ name: 'QUIET', status: '?', requestee: 'PLAIN' }],
        400,
        131,
        "You can't ask a specific person for QUIET.",
      ],
      ['a non-list', 'needinfo', 400, 53, undefined],
      [
        'a good flag before a bad one',
        [
          { name: 'NEEDINFO', status: '?' },
          { name: 'no-such', status: '+' },
        ],
        404,
        51,
        undefined,
      ],
    ])('refuses %s on create and update, writing nothing', async (_case, raw, status, code, message) => {
      const named = (text: string): string =>
        text.replace(/NEEDINFO|APPROVAL|QUIET|RETIRED|BLOCKING/g, (key) => name(key.toLowerCase())).replace('PLAIN', plain.login);
      const flags = typeof raw === 'string' ? raw : JSON.parse(named(JSON.stringify(raw)));
      const expected = { status, code, ...(message === undefined ? {} : { message: named(message) }) };
      const last = await bug();
      expect(
        errorOf(await world.call(ADMIN, 'POST', '/bug', { product, component: 'Main', version: 'unspecified', summary: 'no', flags })),
      ).toMatchObject(expected);
      // the refused create spent no bug id (docs/bugs.md, "Create ids")
      const id = await bug();
      expect(id).toBe(last + 1);
      const before = await read(id);
      expect(errorOf(await update(ADMIN, id, { summary: 'must not stick', flags }))).toMatchObject(expected);
      expect(await read(id)).toEqual(before);
    });

    describe('permissions (docs/flags.md §3.4)', () => {
      const cases: Array<[string, () => Caller, string, string, boolean]> = [];
      const callers: Array<[string, () => Caller]> = [
        ['grant member', () => granter],
        ['request member', () => requester],
        ['neither', () => plain],
      ];
      const allowed: Record<string, Record<string, string>> = {
        approval: { 'grant member': '?+-X', 'request member': '?X', neither: 'X' },
        granted: { 'grant member': '?+-X', 'request member': '?X', neither: '?X' },
        needinfo: { 'grant member': '?+-X', 'request member': '?+-X', neither: '?+-X' },
      };
      for (const [who, caller] of callers)
        for (const type of ['approval', 'granted', 'needinfo'])
          for (const status of ['?', '+', '-', 'X'])
            cases.push([who, caller, type, status, allowed[type]?.[who]?.includes(status) ?? false]);

      it.each(cases)('%s sets %s to %s (allowed: %s)', async (_who, caller, type, status, ok) => {
        // X is tried on an existing flag: clearing is open to anyone who may edit the bug
        const id = await bug(status === 'X' ? { flags: [{ name: name(type), status: '-' }] } : {});
        const response = await update(caller(), id, { flags: [{ name: name(type), status }] });
        if (ok) {
          expect(response.status).toBe(200);
          expect(await flagsOf(id)).toEqual(status === 'X' ? [] : [expect.objectContaining({ status, setter: caller().login })]);
          return;
        }
        const verb = { '?': 'request', '+': 'grant', '-': 'deny' }[status];
        expect(errorOf(response)).toEqual({
          status: 400,
          code: 130,
          message: `You tried to ${verb} ${name(type)}. Only a user with the required permissions may make this change.`,
        });
      });
    });

    it('answers the same after the flags read model is rebuilt from the log', async () => {
      const ids = [await bug({ flags: [{ name: name('needinfo'), status: '?', requestee: granter.login }] }), await bug()];
      const reads = async () => Promise.all(ids.map((id) => read(id, '?include_fields=id,flags')));
      const before = await reads();
      await tracker().request(REBUILD_FLAGS_SUBJECT, {});
      expect(await reads()).toEqual(before);
    });
  });
}
