import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, type Caller } from '../../../support/world';
import { BugFlagsWorld } from '../support/bug-flags-world';
import { errorOf } from '../support/flag-types-world';

/**
 * Requestees and ambiguous inputs over HTTP in both run modes (docs/flags.md §3.2, §3.5): who
 * may be asked (cannot see the bug, on the CC list of a cc-accessible bug, disabled, without
 * the grant group, oneself, unknown, a type not specifically requestable), and the 132 / 133
 * of a type or a name matching several flags or types. Every refusal leaves the bug as it was.
 */
export function requesteeCases(tracker: () => RunningTracker): void {
  describe('flag requestees and ambiguous flag inputs', () => {
    const world = new BugFlagsWorld(() => tracker().baseUrl);
    const [open, hidden] = [`Asks-${world.suffix}`, `Hidden-${world.suffix}`];
    const name = (key: string): string => `${key}-${world.suffix}`;
    const types: Record<string, number> = {};
    let plain: Caller;
    let granter: Caller;
    let gone: Caller;
    let grantGroup: string;
    const who = (caller: Caller, real: string): string => `${real} <${caller.login}>`;

    beforeAll(async () => {
      const [secret, grant] = await Promise.all([world.group('secret'), world.group('grant')]);
      grantGroup = grant;
      [plain, granter, gone] = await Promise.all([world.user('plain'), world.user('granter', [grant]), world.user('gone')]);
      await world.ok(ADMIN, 'PUT', `/user/${gone.id}`, { login_denied_text: 'Left the project.' });
      await world.product(open, ['Main']);
      await world.product(hidden, ['Main'], [{ group: secret, membercontrol: 'Mandatory', othercontrol: 'Mandatory' }]);
      const type = (key: string, extra: Record<string, unknown> = {}): Promise<number> =>
        world.flagType({ name: name(key), description: key, target_type: 'bug', inclusions: [open, hidden], ...extra });
      types.needinfo = await type('needinfo');
      types.granted = await type('granted', { grant_group: grant });
      types.quiet = await type('quiet', { is_specifically_requestable: false });
      types.twin = await type('twin');
      types.twin2 = await type('twin');
    }, 180_000);

    /** The update is refused with exactly this error and the bug reads the same afterwards. */
    const refused = async (id: number, caller: Caller, flags: unknown[], error: { status: number; code: number; message: string }) => {
      const before = await world.read(id);
      expect(errorOf(await world.call(caller, 'PUT', `/bug/${id}`, { flags }))).toEqual(error);
      expect(await world.read(id)).toEqual(before);
    };
    const ask = (type: string, requestee: string) => [{ name: name(type), status: '?', requestee }];

    it('refuses a requestee who cannot see the bug (32000), and allows them once on the CC list of a cc-accessible bug', async () => {
      const id = await world.bug(hidden, 'Main');
      await refused(id, ADMIN, ask('needinfo', plain.login), {
        status: 400,
        code: 32000,
        message: `You asked ${who(plain, 'plain person')} for ${name('needinfo')} on bug ${id}, but that bug has been restricted to users in certain groups, and the user you asked isn't in all the groups to which the bug has been restricted. Please choose someone else to ask, or make the bug accessible to users on its CC: list and add that user to the list.`,
      });
      await world.ok(ADMIN, 'PUT', `/bug/${id}`, { cc: { add: [plain.login] }, is_cc_accessible: true });
      await world.ok(ADMIN, 'PUT', `/bug/${id}`, { flags: ask('needinfo', plain.login) });
      expect(await world.summaries(id)).toEqual([`${name('needinfo')}?(${plain.login})`]);
    });

    it('refuses a disabled account (32000)', async () => {
      const id = await world.bug(open, 'Main');
      await refused(id, ADMIN, ask('needinfo', gone.login), {
        status: 400,
        code: 32000,
        message: `You can't ask ${who(gone, 'gone person')} because that account is disabled.`,
      });
    });

    it('refuses a requestee who may not set the type (32000), and asks a member of its grant group', async () => {
      const id = await world.bug(open, 'Main');
      await refused(id, ADMIN, ask('granted', plain.login), {
        status: 400,
        code: 32000,
        message: `${who(plain, 'plain person')} does not have permission to set the ${name('granted')} flag. Please select a user who is a member of the ${grantGroup} group.`,
      });
      await world.ok(ADMIN, 'PUT', `/bug/${id}`, { flags: ask('granted', granter.login) });
      expect(await world.summaries(id)).toEqual([`${name('granted')}?(${granter.login})`]);
    });

    it('allows asking oneself', async () => {
      const id = await world.bug(open, 'Main');
      await world.ok(plain, 'PUT', `/bug/${id}`, { flags: ask('needinfo', plain.login) });
      expect(await world.flagsOf(id)).toEqual([expect.objectContaining({ setter: plain.login, requestee: plain.login, status: '?' })]);
    });

    it('refuses an unknown login (51) and a type not specifically requestable (131)', async () => {
      const id = await world.bug(open, 'Main');
      await refused(id, ADMIN, ask('needinfo', `nobody-${world.suffix}@example.com`), {
        status: 404,
        code: 51,
        message: `There is no user named 'nobody-${world.suffix}@example.com'. Either you mis-typed the name or that user has not yet registered for a Tracker account.`,
      });
      await refused(id, ADMIN, ask('quiet', plain.login), {
        status: 400,
        code: 131,
        message: `You can't ask a specific person for ${name('quiet')}.`,
      });
    });

    it('refuses a type id or a name set several times on the bug without the flag id (132)', async () => {
      const id = await world.bug(open, 'Main', {
        flags: [
          { type_id: types.needinfo, status: '+' },
          { type_id: types.needinfo, status: '-', new: true },
        ],
      });
      const message = (value: string | number) =>
        `The flag '${value}' has been set multiple times. You must specify the id value to update the flag.`;
      await refused(id, ADMIN, [{ type_id: types.needinfo, status: '?' }], {
        status: 400,
        code: 132,
        message: message(types.needinfo ?? 0),
      });
      await refused(id, ADMIN, [{ name: name('needinfo'), status: '?' }], { status: 400, code: 132, message: message(name('needinfo')) });
      // with the flag id it is one flag: clearing the `+` one leaves the `-` one
      const granted = (await world.flagsOf(id)).find((flag) => flag.status === '+');
      await world.ok(ADMIN, 'PUT', `/bug/${id}`, { flags: [{ id: granted?.id, status: 'X' }] });
      expect(await world.summaries(id)).toEqual([`${name('needinfo')}-`]);
    });

    it('refuses a name shared by several applicable types (133); the type id settles it', async () => {
      const id = await world.bug(open, 'Main');
      await refused(id, ADMIN, [{ name: name('twin'), status: '+' }], {
        status: 400,
        code: 133,
        message: `The flag type '${name('twin')}' matches several flag types. You must specify the type id value to update or add a flag.`,
      });
      await world.ok(ADMIN, 'PUT', `/bug/${id}`, { flags: [{ type_id: types.twin2, status: '+' }] });
      expect((await world.flagsOf(id)).map((flag) => flag.type_id)).toEqual([types.twin2]);
    });
  });
}
