import { ADMIN, ANONYMOUS, type Caller, DATETIME, errorOf } from '../support/bugs-world';
import type { BugsSuite } from '../support/bugs-suite';

/** Bug.update over HTTP: every field, the permissions, dependencies, duplicates and the history. */
export function updateCases({ world, bugs, fixture }: BugsSuite): void {
  let product: string;
  let other: string;
  let reporter: Caller;
  let dev: Caller;
  let qa: Caller;
  let watcher: Caller;
  let insider: Caller;
  let timetracker: Caller;
  beforeAll(() => {
    ({ product, other, reporter, dev, qa, watcher, insider, timetracker } = fixture());
  });

  describe('update (PUT /rest/bug/{id_or_alias})', () => {
    it('golden 81 and 88: changes many fields at once, reports them as Bugzilla does, and writes the history', async () => {
      const blocked = await world.bug(reporter, product);
      const id = await world.bug(ADMIN, product, {
        priority: 'Normal',
        whiteboard: '[golden]',
        keywords: ['perf'],
        estimated_time: 4.5,
        cc: [reporter.login],
      });
      const updated = await bugs.update(ADMIN, id, {
        status: 'IN_PROGRESS',
        priority: 'High',
        cc: { add: [ADMIN.login] },
        keywords: { add: ['regression'] },
        comment: { body: 'Taking this.', is_private: false },
        whiteboard: '[golden][taken]',
        remaining_time: 3,
        work_time: 1.5,
        blocks: { add: [blocked] },
      });
      expect(updated).toEqual({
        id,
        alias: [],
        last_change_time: expect.stringMatching(DATETIME),
        changes: {
          priority: { added: 'High', removed: 'Normal' },
          status: { removed: 'CONFIRMED', added: 'IN_PROGRESS' },
          whiteboard: { removed: '[golden]', added: '[golden][taken]' },
          cc: { removed: '', added: ADMIN.login },
          keywords: { removed: '', added: 'regression' },
          remaining_time: { added: '3', removed: '4.50' },
          blocks: { added: String(blocked), removed: '' },
        },
      });
      expect((await bugs.read(ADMIN, id))['last_change_time']).toBe(updated.last_change_time);
      const history = await bugs.history(ADMIN, id);
      expect(history).toEqual([{ when: updated.last_change_time, who: ADMIN.login, changes: expect.any(Array) }]);
      expect(history[0]?.changes).toEqual(
        expect.arrayContaining([
          { field_name: 'keywords', removed: '', added: 'regression' },
          { field_name: 'status', removed: 'CONFIRMED', added: 'IN_PROGRESS' },
          { field_name: 'whiteboard', removed: '[golden]', added: '[golden][taken]' },
          { field_name: 'work_time', removed: '', added: '1.50' },
          { field_name: 'priority', removed: 'Normal', added: 'High' },
          { field_name: 'remaining_time', removed: '4.50', added: '3' },
          { field_name: 'cc', removed: '', added: ADMIN.login },
          { field_name: 'blocks', removed: '', added: String(blocked) },
        ]),
      );
      expect(history[0]?.changes).toHaveLength(8);
      // golden 89: logged out, time tracking is left out; new_since is strictly after
      expect((await bugs.history(ANONYMOUS, id, '?new_since=2000-01-01T00:00:00Z'))[0]?.changes.map((c) => c.field_name).sort()).toEqual([
        'blocks',
        'cc',
        'keywords',
        'priority',
        'status',
        'whiteboard',
      ]);
      expect(await bugs.history(ANONYMOUS, id, `?new_since=${updated.last_change_time}`)).toEqual([]);
      expect(await bugs.read(timetracker, id, '?include_fields=actual_time,remaining_time')).toEqual({
        actual_time: 1.5,
        remaining_time: 3,
      });
      expect(await bugs.read(ANONYMOUS, blocked, '?include_fields=depends_on')).toEqual({ depends_on: [id] });
      expect((await bugs.comments(ADMIN, id)).map((c) => c.text)).toEqual(['Steps to reproduce.', 'Taking this.']);
    });

    it('golden 84: an update that changes nothing reports {} and keeps last_change_time', async () => {
      const id = await world.bug(reporter, product, { priority: 'High' });
      const before = await bugs.read(reporter, id);
      const updated = await bugs.update(reporter, id, { priority: 'High', cc: { remove: [watcher.login] } });
      expect(updated).toEqual({ id, alias: [], last_change_time: before['last_change_time'], changes: {} });
      expect(await bugs.history(reporter, id)).toEqual([]);
    });

    it('golden 82: updates the bug of the path and those of ids, with one last_change_time', async () => {
      const [a, b] = [await world.bug(reporter, product), await world.bug(reporter, product)];
      const { bugs: result } = await world.ok<{ bugs: Array<{ id: number; last_change_time: string; changes: unknown }> }>(
        ADMIN,
        'PUT',
        `/bug/${a}`,
        { ids: [a, b], cc: { add: [watcher.login] } },
      );
      expect(result.map((bug) => [bug.id, bug.changes])).toEqual([
        [a, { cc: { removed: '', added: watcher.login } }],
        [b, { cc: { removed: '', added: watcher.login } }],
      ]);
      expect(result[0]?.last_change_time).toBe(result[1]?.last_change_time);
    });

    it('golden 83: resolves, then reopens clearing the resolution', async () => {
      const id = await world.bug(reporter, product);
      expect(
        (await bugs.update(ADMIN, id, { status: 'RESOLVED', resolution: 'FIXED', comment: { body: 'Fixed in r1.' } })).changes,
      ).toEqual({
        resolution: { removed: '', added: 'FIXED' },
        status: { removed: 'CONFIRMED', added: 'RESOLVED' },
      });
      expect((await bugs.update(ADMIN, id, { status: 'CONFIRMED' })).changes).toEqual({
        resolution: { removed: 'FIXED', added: '' },
        status: { removed: 'RESOLVED', added: 'CONFIRMED' },
      });
      expect(await bugs.read(ANONYMOUS, id, '?include_fields=is_open,resolution')).toEqual({ is_open: true, resolution: '' });
    });

    it('marks a duplicate: status and resolution set, notes on both bugs, the reporter in the original CC', async () => {
      const original = await world.bug(ADMIN, product, { cc: [] });
      const dupe = await world.bug(reporter, product);
      const updated = await bugs.update(ADMIN, dupe, { dupe_of: original, comment: { body: 'Same crash.' } });
      expect(updated.changes).toEqual({
        dupe_of: { removed: '', added: String(original) },
        status: { removed: 'CONFIRMED', added: 'RESOLVED' },
        resolution: { removed: '', added: 'DUPLICATE' },
      });
      expect(await bugs.read(ADMIN, dupe, '?include_fields=dupe_of,status,resolution')).toEqual({
        dupe_of: original,
        status: 'RESOLVED',
        resolution: 'DUPLICATE',
      });
      expect(await bugs.read(ADMIN, original, '?include_fields=cc')).toMatchObject({ cc: [reporter.login] });
      expect((await bugs.comments(ADMIN, dupe)).at(-1)).toMatchObject({
        raw_text: 'Same crash.',
        text: `Same crash.\n\n*** This bug has been marked as a duplicate of bug ${original} ***`,
      });
      expect((await bugs.comments(ADMIN, original)).at(-1)).toMatchObject({
        raw_text: '',
        text: `*** Bug ${dupe} has been marked as a duplicate of this bug. ***`,
      });
      expect((await bugs.history(ADMIN, dupe))[0]?.changes.map((c) => c.field_name).sort()).toEqual(['resolution', 'status']);
      expect((await bugs.history(ADMIN, original))[0]?.changes).toEqual([{ field_name: 'cc', removed: '', added: reporter.login }]);
    });

    it('changes dependencies with add, remove and set on both bugs, and refuses a loop', async () => {
      const [a, b, c] = [await world.bug(reporter, product), await world.bug(reporter, product), await world.bug(reporter, product)];
      expect((await bugs.update(ADMIN, a, { depends_on: { add: [b, c] } })).changes).toEqual({
        depends_on: { removed: '', added: `${b}, ${c}` },
      });
      expect((await bugs.update(ADMIN, a, { depends_on: { set: [c] } })).changes).toEqual({
        depends_on: { removed: String(b), added: '' },
      });
      expect(await bugs.read(ADMIN, b, '?include_fields=blocks')).toEqual({ blocks: [] });
      expect(await bugs.read(ADMIN, c, '?include_fields=blocks')).toEqual({ blocks: [a] });
      expect(errorOf(await world.call(ADMIN, 'PUT', `/bug/${c}`, { depends_on: { add: [a] } }))).toEqual({
        status: 400,
        code: 116,
        message: `The following bug(s) would appear on both the "depends on" and "blocks" parts of the dependency tree if these changes are committed: ${a}. This would create a circular dependency, which is not allowed.`,
      });
      expect(errorOf(await world.call(ADMIN, 'PUT', `/bug/${c}`, { blocks: { add: [c] } }))).toEqual({
        status: 400,
        code: 116,
        message: "You can't make a bug block itself or depend on itself.",
      });
    });

    it('moves a bug to another product with its component, version and milestone', async () => {
      const id = await world.bug(reporter, product);
      const updated = await bugs.update(ADMIN, id, { product: other, component: 'Main', version: '1.0', target_milestone: 'M1' });
      expect(updated.changes).toEqual({ product: { removed: product, added: other } });
      expect(errorOf(await world.call(ADMIN, 'PUT', `/bug/${id}`, { product, component: 'Nope' }))).toEqual({
        status: 404,
        code: 51,
        message: `There is no component named 'Nope' in the '${product}' product.`,
      });
    });

    it('resets assignee and QA contact to the new component defaults, adding its default CC', async () => {
      const id = await world.bug(reporter, product);
      expect((await bugs.update(ADMIN, id, { component: 'Backend', reset_assigned_to: true, reset_qa_contact: true })).changes).toEqual({
        component: { removed: 'Main', added: 'Backend' },
        assigned_to: { removed: ADMIN.login, added: dev.login },
        qa_contact: { removed: '', added: qa.login },
        cc: { removed: '', added: watcher.login },
      });
      expect((await bugs.update(ADMIN, id, { assigned_to: reporter.login, qa_contact: '' })).changes).toEqual({
        assigned_to: { removed: dev.login, added: reporter.login },
        qa_contact: { removed: qa.login, added: '' },
      });
    });

    it('edits aliases, keywords, See Also, CC and the plain fields', async () => {
      const id = await world.bug(reporter, product, { alias: [`one-${world.suffix}`] });
      expect(
        (await bugs.update(reporter, id, { alias: { add: [`two-${world.suffix}`], remove: [`one-${world.suffix}`] } })).changes,
      ).toEqual({
        alias: { removed: `one-${world.suffix}`, added: `two-${world.suffix}` },
      });
      expect((await bugs.update(reporter, id, { alias: `three-${world.suffix}` })).alias).toEqual([`three-${world.suffix}`]);
      expect((await bugs.update(reporter, id, { keywords: { set: ['perf', 'regression'] } })).changes).toEqual({
        keywords: { removed: '', added: 'perf, regression' },
      });
      expect((await bugs.update(reporter, id, { keywords: { remove: ['perf'] } })).changes).toEqual({
        keywords: { removed: 'perf', added: '' },
      });
      expect((await bugs.update(reporter, id, { see_also: { add: ['https://github.com/o/r/issues/1'] } })).changes).toEqual({
        see_also: { removed: '', added: 'https://github.com/o/r/issues/1' },
      });
      expect((await bugs.update(reporter, id, { cc: { add: [watcher.login, dev.login] } })).changes).toEqual({
        cc: { removed: '', added: `${dev.login}, ${watcher.login}` },
      });
      expect(
        (
          await bugs.update(reporter, id, {
            summary: 'New summary',
            url: 'http://e.com',
            op_sys: 'Linux',
            platform: 'PC',
            severity: 'major',
            version: '2.0',
            target_milestone: 'M2',
            is_cc_accessible: false,
            cf_colour: 'green',
            cf_ticket: 'T-9',
          })
        ).changes,
      ).toEqual({
        summary: { removed: `bugs e2e ${world.suffix}`, added: 'New summary' },
        url: { removed: '', added: 'http://e.com' },
        op_sys: { removed: 'All', added: 'Linux' },
        platform: { removed: 'All', added: 'PC' },
        severity: { removed: 'normal', added: 'major' },
        version: { removed: '1.0', added: '2.0' },
        target_milestone: { removed: 'M1', added: 'M2' },
        is_cc_accessible: { removed: '1', added: '0' },
        cf_colour: { removed: '---', added: 'green' },
        cf_ticket: { removed: '', added: 'T-9' },
      });
      const other = await world.bug(reporter, product);
      expect(errorOf(await world.call(reporter, 'PUT', `/bug/${other}`, { alias: { add: [`three-${world.suffix}`] } }))).toEqual({
        status: 400,
        code: 103,
        message: `Bug ${id} has already taken the alias three-${world.suffix}. Please choose another alias.`,
      });
    });

    it('changes comment privacy for insiders only, and the history shows it to insiders only', async () => {
      const id = await world.bug(reporter, product);
      const comment = await world.ok<{ id: number }>(reporter, 'POST', `/bug/${id}/comment`, { comment: 'to hide' }, 201);
      expect(errorOf(await world.call(reporter, 'PUT', `/bug/${id}`, { comment_is_private: { [comment.id]: true } }))).toEqual({
        status: 401,
        code: 113,
        message: 'Sorry, but you are not allowed to (un)mark comments or attachments as private.',
      });
      expect(errorOf(await world.call(insider, 'PUT', `/bug/${id}`, { comment_is_private: { 1: true } }))).toEqual({
        status: 400,
        code: 117,
        message: 'You tried to modify the privacy of comment id 1, but that is not a valid comment on this bug.',
      });
      expect(await bugs.update(insider, id, { comment_is_private: { [comment.id]: true } })).toMatchObject({ changes: {} });
      expect((await bugs.history(insider, id))[0]?.changes).toEqual([{ field_name: 'longdescs.isprivate', removed: '0', added: '1' }]);
      expect(await bugs.history(reporter, id)).toEqual([]);
      expect((await bugs.comments(reporter, id)).map((c) => c.text)).toEqual(['Steps to reproduce.']);
    });

    it('keeps time tracking to the time-tracking group and deducts work time from the remaining time', async () => {
      const id = await world.bug(timetracker, product, { estimated_time: 10 });
      expect((await bugs.update(timetracker, id, { work_time: 2.5, deadline: '2031-05-01' })).changes).toEqual({
        remaining_time: { removed: '10.00', added: '7.5' },
        deadline: { removed: '', added: '2031-05-01' },
      });
      expect(await bugs.read(timetracker, id, '?include_fields=actual_time,remaining_time,deadline')).toEqual({
        actual_time: 2.5,
        remaining_time: 7.5,
        deadline: '2031-05-01',
      });
      expect(errorOf(await world.call(reporter, 'PUT', `/bug/${id}`, { estimated_time: 1 }))).toEqual({
        status: 401,
        code: 115,
        message:
          'You tried to change the Orig. Est. field from 10 to 1, but only a user with the required permissions may change that field.',
      });
      expect(errorOf(await world.call(reporter, 'PUT', `/bug/${id}`, { work_time: 1 })).code).toBe(115);
    });

    it.each([
      ['logged out (golden 87)', () => ANONYMOUS, { priority: 'Low' }, 401, 410, 'You must log in before using this part of Tracker.'],
      ['to an unknown status (golden 85)', () => ADMIN, { status: 'BOGUS' }, 404, 51, "There is no status named 'BOGUS'."],
      [
        'along no transition of the workflow',
        () => ADMIN,
        { status: 'VERIFIED' },
        400,
        123,
        'You are not allowed to change the bug status from CONFIRMED to VERIFIED.',
      ],
      [
        'to a closed status without resolution',
        () => ADMIN,
        { status: 'RESOLVED' },
        400,
        121,
        'A valid resolution is required to mark bugs as RESOLVED.',
      ],
      ['with a resolution while open', () => ADMIN, { resolution: 'FIXED' }, 400, 122, 'You cannot set a resolution for open bugs.'],
      [
        'DUPLICATE without dupe_of',
        () => ADMIN,
        { status: 'RESOLVED', resolution: 'DUPLICATE' },
        400,
        119,
        'You must specify a bug id to mark this bug as a duplicate of.',
      ],
      [
        'to an empty assignee',
        () => ADMIN,
        { assigned_to: '' },
        400,
        50,
        'To reassign a bug, you must provide an address for the new assignee.',
      ],
      [
        'with a group it is not in',
        () => ADMIN,
        { groups: { remove: ['nope'] } },
        401,
        120,
        "You tried to remove bug BUG from the 'nope' group, but either this group does not exist, or you are not allowed to remove bugs from this group in the 'PRODUCT' product.",
      ],
      [
        'with a flag of a type that does not exist',
        () => ADMIN,
        { flags: [{ name: 'no-such-flag', status: '+' }] },
        404,
        51,
        "There is no flagtype named 'no-such-flag'.",
      ],
    ])('refuses an update %s and writes nothing', async (_case, caller, body, status, code, message) => {
      const id = await world.bug(reporter, product);
      const before = await bugs.read(ADMIN, id);
      expect(errorOf(await world.call(caller(), 'PUT', `/bug/${id}`, { summary: 'must not stick', ...body }))).toEqual({
        status,
        code,
        message: message.replace('BUG', String(id)).replace('PRODUCT', product),
      });
      expect(await bugs.read(ADMIN, id)).toEqual(before);
    });

    it('refuses dupe_of and alias for several bugs, and writes nothing to any of them', async () => {
      const [a, b] = [await world.bug(reporter, product), await world.bug(reporter, product)];
      expect(errorOf(await world.call(ADMIN, 'PUT', `/bug/${a}`, { ids: [b], dupe_of: b }))).toEqual({
        status: 400,
        code: 32000,
        message: 'You cannot mark bugs as duplicates when changing several bugs at once.',
      });
      expect(errorOf(await world.call(ADMIN, 'PUT', `/bug/${a}`, { ids: [b], alias: 'x' })).code).toBe(103);
      const mixed = await world.call(ADMIN, 'PUT', `/bug/${a}`, { ids: [b, 999_999], priority: 'High' });
      expect(errorOf(mixed)).toEqual({ status: 404, code: 101, message: 'Bug #999999 does not exist.' });
      expect(await bugs.history(ADMIN, a)).toEqual([]);
    });

    it('has no route for PUT /rest/bug (golden 150)', async () => {
      expect(errorOf(await world.call(ADMIN, 'PUT', '/bug', { ids: [1], priority: 'Low' }))).toEqual({
        status: 404,
        code: 32614,
        message: "A REST API resource was not found for 'PUT /bug'.",
      });
    });
  });
}
