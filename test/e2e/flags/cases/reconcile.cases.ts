import { REBUILD_FLAGS_SUBJECT } from '@tracker/contracts';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, type Caller } from '../../../support/world';
import { BugFlagsWorld } from '../support/bug-flags-world';
import { errorOf } from '../support/flag-types-world';

interface ActivityEntry {
  readonly flag_id: number;
  readonly bug_id: number;
  readonly status: string;
  readonly setter: { readonly name: string };
  readonly requestee?: { readonly name: string };
}

/**
 * What a flag type's update does to the flags already set (docs/flags.md §2.5, Bugzilla's
 * FlagType update and Flag::force_retarget), over HTTP in both run modes: a narrowed scope
 * (an inclusion removed, an exclusion added) retargets a flag to an applicable type of the
 * same name or clears it, with no history row (as Bugzilla) but an `X` activity entry for a
 * clear; ending specific requests drops requestees; an inactive type keeps its flags and
 * takes no new ones; a bug moved to another product retargets or clears its flags with
 * history rows; and the flags read model rebuilt from the log answers the same.
 */
export function reconcileCases(tracker: () => RunningTracker): void {
  describe('flag types reconciled with the flags they hold', () => {
    const world = new BugFlagsWorld(() => tracker().baseUrl);
    const [P, Q] = [`Recon-${world.suffix}`, `Other-${world.suffix}`];
    const name = (key: string): string => `${key}-${world.suffix}`;
    const types: Record<string, number> = {};
    let plain: Caller;

    const updateType = (id: number, body: Record<string, unknown>) =>
      world.ok<{ flagtypes: Array<{ id: number; changes: Record<string, unknown> }> }>(ADMIN, 'PUT', `/flag_type/${id}`, body);
    const activity = (path: string) => world.ok<ActivityEntry[]>(ADMIN, 'GET', `/review/flag_activity${path}`);

    beforeAll(async () => {
      plain = await world.user('plain');
      await world.product(P, ['A', 'B']);
      await world.product(Q, ['Main']);
      const type = async (key: string, inclusions: unknown[], extra: Record<string, unknown> = {}): Promise<number> =>
        world.flagType({ name: name(key), description: key, target_type: 'bug', inclusions, ...extra });
      types.review = await type('review', [P]);
      types.review2 = await type('review', [{ [P]: ['B'] }, Q], { sortkey: 2 });
      types.solo = await type('solo', [P]);
      types.ask = await type('ask', [P]);
      types.old = await type('old', [P]);
      types.move = await type('move', [P]);
      types.move2 = await type('move', [Q]);
      types.stay = await type('stay', [P]);
    }, 180_000);

    it('narrowing a scope retargets flags to a same-named type or clears them, without history rows', async () => {
      const flags = [
        { type_id: types.review, status: '+' },
        { type_id: types.solo, status: '?', requestee: plain.login },
      ];
      const [inA, inB] = [await world.bug(P, 'A', { flags }), await world.bug(P, 'B', { flags })];
      const [before, readB] = [await world.flagsOf(inB), await world.read(inB)];
      const reply = await updateType(types.review ?? 0, { inclusions: [{ [P]: ['A'] }] });
      expect(reply.flagtypes[0]?.changes).toEqual({ inclusions: { removed: `${P}:__Any__`, added: `${P}:A` } });
      await updateType(types.solo ?? 0, { exclusions: [{ [P]: ['B'] }] });

      expect(await world.summaries(inA)).toEqual([`${name('review')}+`, `${name('solo')}?(${plain.login})`]);
      const after = await world.flagsOf(inB);
      expect(after).toEqual([{ ...before[0], type_id: types.review2 }]);
      expect(await world.flagHistory(inB)).toEqual([
        { who: ADMIN.login, field_name: 'flagtypes.name', removed: '', added: `${name('review')}+, ${name('solo')}?(${plain.login})` },
      ]);
      expect((await world.read(inB)).last_change_time).toBe(readB.last_change_time);
      const cleared = await activity(`/type_id/${types.solo}?bug_id=${inB}`);
      expect(cleared.map((entry) => [entry.status, entry.setter.name, entry.requestee?.name])).toEqual([
        ['?', ADMIN.login, plain.login],
        ['X', ADMIN.login, plain.login],
      ]);
      // a retarget that changes only the type is not logged (BMO)
      expect((await activity(`?bug_id=${inB}`)).map((entry) => entry.status)).toEqual(['+', '?', 'X']);
    });

    it('repeating a narrowing changes nothing', async () => {
      const id = await world.bug(P, 'A', { flags: [{ type_id: types.review, status: '-' }] });
      const before = await world.flagsOf(id);
      const reply = await updateType(types.review ?? 0, { inclusions: [{ [P]: ['A'] }] });
      expect(reply.flagtypes[0]?.changes).toEqual({});
      expect(await world.flagsOf(id)).toEqual(before);
    });

    it('ending specific requests removes requestees and keeps the requests', async () => {
      const id = await world.bug(P, 'A', { flags: [{ type_id: types.ask, status: '?', requestee: plain.login }] });
      const [flag] = await world.flagsOf(id);
      const reply = await updateType(types.ask ?? 0, { is_specifically_requestable: false });
      expect(reply.flagtypes[0]?.changes).toEqual({ is_requesteeble: { removed: '1', added: '0' } });
      const [after] = await world.flagsOf(id);
      expect(after).toEqual({ ...flag, requestee: undefined });
      expect(after).not.toHaveProperty('requestee');
      expect((await activity(`?bug_id=${id}`)).map((entry) => entry.status)).toEqual(['?']);
      expect(
        errorOf(await world.call(ADMIN, 'PUT', `/bug/${id}`, { flags: [{ id: flag?.id, status: '?', requestee: ADMIN.login }] })),
      ).toEqual({
        status: 400,
        code: 131,
        message: `You can't ask a specific person for ${name('ask')}.`,
      });
    });

    it('an inactive type keeps its flags, which may still change, and takes no new ones (134)', async () => {
      const id = await world.bug(P, 'A', { flags: [{ type_id: types.old, status: '+' }] });
      const [flag] = await world.flagsOf(id);
      await updateType(types.old ?? 0, { is_active: false });
      expect(await world.flagsOf(id)).toEqual([flag]);
      const refused = await world.call(ADMIN, 'POST', '/bug', {
        product: P,
        component: 'A',
        version: 'unspecified',
        summary: 'no',
        flags: [{ type_id: types.old, status: '+' }],
      });
      expect(errorOf(refused)).toEqual({
        status: 400,
        code: 134,
        message: `The flag type ${name('old')} is inactive and cannot be used to create new flags.`,
      });
      expect(
        errorOf(await world.call(ADMIN, 'PUT', `/bug/${id}`, { flags: [{ type_id: types.old, status: '-', new: true }] })),
      ).toMatchObject({
        code: 134,
      });
      await world.ok(ADMIN, 'PUT', `/bug/${id}`, { flags: [{ id: flag?.id, status: '-' }] });
      expect(await world.summaries(id)).toEqual([`${name('old')}-`]);
    });

    it('a bug moved to another product retargets its flags to a same-named type or clears them, with history rows', async () => {
      const id = await world.bug(P, 'A', {
        flags: [
          { type_id: types.move, status: '?', requestee: plain.login },
          { type_id: types.stay, status: '+' },
        ],
      });
      const [moving] = await world.flagsOf(id);
      const reply = await world.ok<{ bugs: Array<{ changes: Record<string, unknown> }> }>(ADMIN, 'PUT', `/bug/${id}`, {
        product: Q,
        component: 'Main',
      });
      expect(reply.bugs[0]?.changes).toMatchObject({
        product: { removed: P, added: Q },
        'flagtypes.name': { removed: `${name('stay')}+`, added: '' },
      });
      expect(await world.flagsOf(id)).toEqual([{ ...moving, type_id: types.move2 }]);
      expect((await world.flagHistory(id)).slice(1)).toEqual([
        { who: ADMIN.login, field_name: 'flagtypes.name', removed: `${name('stay')}+`, added: '' },
      ]);
    });

    it('answers the same after the flags read model is rebuilt from the log, reconciliations included', async () => {
      const bugIds = (await activity(`/type_name/${name('review')}`)).map((entry) => entry.bug_id);
      const reads = async () => ({
        bugs: await Promise.all([...new Set(bugIds)].map((id) => world.flagsOf(id))),
        types: [await world.flagTypes(ADMIN, P, 'A'), await world.flagTypes(ADMIN, P, 'B'), await world.flagTypes(ADMIN, Q)],
        activity: await Promise.all(Object.values(types).map((id) => activity(`/type_id/${id}`))),
      });
      const before = await reads();
      await tracker().request(REBUILD_FLAGS_SUBJECT, {});
      expect(await reads()).toEqual(before);
    });
  });
}
