import { ADMIN, ANONYMOUS, type Caller, errorOf } from '../support/bugs-world';
import type { BugsSuite } from '../support/bugs-suite';

/** Bug.get over HTTP: the bug object, by id or alias, as each caller may see it. */
export function readCases({ world, bugs, fixture }: BugsSuite): void {
  let product: string;
  let secretGroup: string;
  let reporter: Caller;
  let watcher: Caller;
  let timetracker: Caller;
  beforeAll(() => {
    ({ product, secretGroup, reporter, watcher, timetracker } = fixture());
  });

  describe('read (GET /rest/bug/{id_or_alias})', () => {
    let id: number;
    let second: number;
    let secret: number;

    beforeAll(async () => {
      id = await world.bug(reporter, product, { alias: `read-${world.suffix}`, cc: [watcher.login], estimated_time: 2 });
      second = await world.bug(reporter, product);
      secret = await world.bug(ADMIN, product, { groups: [secretGroup], cc: [] });
    });

    it('finds a bug by alias (golden 65) and by id with more ids (golden 71), in the order asked', async () => {
      expect((await bugs.read(ANONYMOUS, `read-${world.suffix}`)).id).toBe(id);
      const { bugs: both, faults } = await world.ok<{ bugs: Array<{ id: number }>; faults: unknown[] }>(
        ANONYMOUS,
        'GET',
        `/bug/${second}?ids=${id}&include_fields=id`,
      );
      expect(both).toEqual([{ id: second }, { id }]);
      expect(faults).toEqual([]);
    });

    it('golden 66/67/68: include_fields, exclude_fields (details follow their base), _all and _extra with tags', async () => {
      expect(await bugs.read(ANONYMOUS, id, '?include_fields=id,summary,status')).toEqual({
        id,
        summary: `bugs e2e ${world.suffix}`,
        status: 'CONFIRMED',
      });
      const excluded = await bugs.read(ANONYMOUS, id, '?exclude_fields=cc_detail,flags,creator_detail,assigned_to_detail');
      expect(excluded).not.toHaveProperty('flags');
      expect(excluded).toHaveProperty('cc_detail');
      expect(excluded).not.toHaveProperty('tags');
      expect(await bugs.read(reporter, id, '?include_fields=tags')).toEqual({ tags: [] });
      const all = await bugs.read(reporter, id, '?include_fields=_all');
      expect(all).toHaveProperty('tags', []);
      expect(all).toHaveProperty('update_token');
      expect(await bugs.read(reporter, id, '?include_fields=assigned_to.name')).toEqual({
        assigned_to: ADMIN.login,
        assigned_to_detail: { name: ADMIN.login },
      });
      expect(await bugs.read(ANONYMOUS, id, '?include_fields=_custom')).toEqual({ cf_ticket: '', cf_colour: '---' });
      expect(await bugs.read(ANONYMOUS, id, '?include_fields=id&exclude_fields=_custom')).toEqual({ id });
    });

    it('shows time tracking only to the time-tracking group and update_token only to logged-in callers', async () => {
      const fields = '?include_fields=estimated_time,remaining_time,actual_time,update_token';
      expect(await bugs.read(ANONYMOUS, id, fields)).toEqual({});
      expect(Object.keys(await bugs.read(reporter, id, fields))).toEqual(['update_token']);
      expect(await bugs.read(timetracker, id, fields)).toEqual({
        estimated_time: 0,
        remaining_time: 0,
        actual_time: 0,
        update_token: expect.stringMatching(/^\d+-/),
      });
    });

    it.each([
      ['a bug that does not exist (golden 78)', () => '999999', () => ANONYMOUS, 404, 101, 'Bug #999999 does not exist.'],
      ['bug 0 (golden 80)', () => '0', () => ANONYMOUS, 404, 101, 'Bug #0 does not exist.'],
      [
        'an alias no bug has (golden 79)',
        () => 'no-such-alias',
        () => ANONYMOUS,
        400,
        100,
        "'no-such-alias' is not a valid bug number nor an alias to a bug.",
      ],
      [
        'a bug in a group, logged out (golden 74)',
        () => String(secret),
        () => ANONYMOUS,
        401,
        102,
        'You are not authorized to access bug #SECRET. To see this bug, you must first log in to an account with the appropriate permissions.',
      ],
      [
        'a bug in a group, as a non-member (golden 75)',
        () => String(secret),
        () => reporter,
        401,
        102,
        'You are not authorized to access bug #SECRET.',
      ],
    ])('refuses %s', async (_case, ref, caller, status, code, message) => {
      expect(errorOf(await world.call(caller(), 'GET', `/bug/${ref()}`))).toEqual({
        status,
        code,
        message: message.replace('SECRET', String(secret)),
      });
    });

    it('golden 72/76: without permissive the first bad id fails the call; with permissive it becomes a fault', async () => {
      expect(errorOf(await world.call(reporter, 'GET', `/bug/${id}?ids=999999`)).code).toBe(101);
      const { bugs: found, faults } = await world.ok<{ bugs: Array<{ id: number }>; faults: unknown[] }>(
        reporter,
        'GET',
        `/bug/${id}?ids=999999&ids=${secret}&permissive=1&include_fields=id`,
      );
      expect(found).toEqual([{ id }]);
      expect(faults).toEqual([
        { id: '999999', faultString: 'Bug #999999 does not exist.', faultCode: 101 },
        { id: String(secret), faultString: `You are not authorized to access bug #${secret}.`, faultCode: 102 },
      ]);
    });
  });
}
