import { REBUILD_FLAGS_SUBJECT } from '@tracker/contracts';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, ANONYMOUS, type Caller } from '../../../support/world';
import { errorOf, FlagTypesWorld } from '../support/flag-types-world';

interface Entry {
  readonly id: number;
  readonly flag_id: number;
  readonly bug_id: number;
  readonly status: string;
  readonly setter: { readonly name: string };
  readonly requestee?: { readonly name: string };
  readonly [key: string]: unknown;
}

/**
 * BMO's flag activity over the gateway's HTTP in both run modes (docs/flags.md §6): every
 * route and filter, limit/offset, malformed and unknown ids and logins with their statuses,
 * order, who sees what (logged out, outsider, insider of a restricted product), and the
 * activity read again after the flags read model is rebuilt.
 */
export function flagActivityCases(tracker: () => RunningTracker): void {
  describe('flag activity', () => {
    const world = new FlagTypesWorld(() => tracker().baseUrl);
    const open = `Open-${world.suffix}`;
    const secret = `Secret-${world.suffix}`;
    let member: Caller;
    let plain: Caller;
    let typeId: number;
    let publicBug: number;
    let secretBug: number;
    const typeName = `needinfo-${world.suffix}`;

    const activity = (caller: Caller, path: string) => world.ok<Entry[]>(caller, 'GET', `/review/flag_activity${path}`);
    const bug = async (productName: string, flags: unknown[]): Promise<number> =>
      (
        await world.ok<{ id: number }>(ADMIN, 'POST', '/bug', {
          product: productName,
          component: 'Main',
          version: 'unspecified',
          summary: 'activity',
          flags,
        })
      ).id;

    beforeAll(async () => {
      const hidden = await world.group('hidden');
      [member, plain] = await Promise.all([world.user('member', [hidden], 'Member Person'), world.user('plain')]);
      await world.product(open, ['Main']);
      await world.product(secret, ['Main'], [{ group: hidden, membercontrol: 'Mandatory', othercontrol: 'Mandatory' }]);
      typeId = await world.flagType({ name: typeName, description: 'Need info', target_type: 'bug', inclusions: [open, secret] });
      publicBug = await bug(open, [{ name: typeName, status: '?', requestee: plain.login }]);
      await world.ok(plain, 'PUT', `/bug/${publicBug}`, { flags: [{ name: typeName, status: '+' }] });
      await world.ok(ADMIN, 'PUT', `/bug/${publicBug}`, { flags: [{ name: typeName, status: 'X' }] });
      secretBug = await bug(secret, [{ name: typeName, status: '?', requestee: member.login }]);
    }, 180_000);

    it('logs creation, change and clear, oldest first, in the contract shape', async () => {
      const entries = await activity(ADMIN, `?bug_id=${publicBug}`);
      expect(entries.map((entry) => [entry.status, entry.setter.name, entry.requestee?.name])).toEqual([
        ['?', ADMIN.login, plain.login],
        ['+', plain.login, undefined],
        ['X', ADMIN.login, undefined],
      ]);
      const [first] = entries;
      expect(first).toEqual({
        id: first?.id,
        flag_id: first?.flag_id,
        bug_id: publicBug,
        attachment_id: null,
        creation_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        status: '?',
        setter: { id: ADMIN.id, name: ADMIN.login, real_name: expect.any(String), nick: ADMIN.login.split('@')[0] },
        requestee: { id: plain.id, name: plain.login, real_name: 'plain person', nick: plain.login.split('@')[0] },
        type: {
          id: typeId,
          name: typeName,
          description: 'Need info',
          type: 'bug',
          is_active: true,
          is_multiplicable: true,
          is_requesteeble: true,
        },
      });
      expect(entries.map((entry) => entry.id)).toEqual([...entries.map((entry) => entry.id)].sort((a, b) => a - b));
      expect(new Set(entries.map((entry) => entry.flag_id)).size).toBe(1);
    });

    it('answers every path form and query filter', async () => {
      const all = await activity(ADMIN, `/type_id/${typeId}`);
      expect(all.map((entry) => entry.bug_id)).toEqual([publicBug, publicBug, publicBug, secretBug]);
      const flagId = all[0]?.flag_id;
      expect(await activity(ADMIN, `/${flagId}`)).toEqual(all.slice(0, 3));
      expect(await activity(ADMIN, `?flag_ids=${flagId},999999`)).toEqual(all.slice(0, 3));
      expect(await activity(ADMIN, `/type_name/${typeName.toUpperCase()}`)).toEqual(all);
      expect(await activity(ADMIN, `/requestee/${encodeURIComponent(plain.login)}`)).toEqual(all.slice(0, 1));
      expect(await activity(ADMIN, `/setter/${encodeURIComponent(plain.login)}`)).toEqual(all.slice(1, 2));
      expect(await activity(ADMIN, `?type_id=${typeId}&status=X`)).toEqual(all.slice(2, 3));
      expect(await activity(ADMIN, `?type_id=${typeId}&limit=2&offset=1`)).toEqual(all.slice(1, 3));
      expect(await activity(ADMIN, `?type_id=${typeId}&after=2000-01-01&before=2999-01-01`)).toEqual(all);
      expect(await activity(ADMIN, `?type_id=${typeId}&before=2000-01-01`)).toEqual([]);
      expect(await activity(ADMIN, '/999999')).toEqual([]);
      // beyond any database id: the query form (the gateway answers 54 for such a path segment, its rule for every path id)
      expect(await activity(ADMIN, '?flag_id=99999999999')).toEqual([]);
      expect(await activity(ADMIN, '/type_name/no-such-type')).toEqual([]);
    });

    it.each([
      ['/abc', 400, 32000, "The flag id 'abc' is invalid."],
      ['?flag_ids=1,x', 400, 32000, "The flag id 'x' is invalid."],
      ['/type_id/x1', 400, 32000, "The flag type id 'x1' is invalid."],
      ['/requestee/nobody@example.com', 401, 504, undefined],
      ['/setter/nobody@example.com', 401, 504, undefined],
      ['?offset=2', 400, 50, undefined],
      ['?limit=-1', 400, 53, undefined],
    ])('refuses %s', async (path, status, code, message) => {
      expect(errorOf(await world.call(ADMIN, 'GET', `/review/flag_activity${path}`))).toMatchObject({
        status,
        code,
        ...(message === undefined ? {} : { message }),
      });
    });

    it('shows only bugs the caller can see: logged out, outsider, member', async () => {
      const bugsSeen = async (caller: Caller) => [...new Set((await activity(caller, `/type_id/${typeId}`)).map((entry) => entry.bug_id))];
      expect(await bugsSeen(ANONYMOUS)).toEqual([publicBug]);
      expect(await bugsSeen(plain)).toEqual([publicBug]);
      expect(await bugsSeen(member)).toEqual([publicBug, secretBug]);
      expect(await activity(plain, `/type_id/${typeId}?limit=1&offset=3`)).toEqual([]);
    });

    it('answers the same after the flags read model is rebuilt from the log', async () => {
      const before = await activity(ADMIN, `/type_id/${typeId}`);
      await tracker().request(REBUILD_FLAGS_SUBJECT, {});
      expect(await activity(ADMIN, `/type_id/${typeId}`)).toEqual(before);
    });
  });
}
