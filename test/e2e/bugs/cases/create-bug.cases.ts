import { http } from '@tracker/testing';
import { ADMIN, ANONYMOUS, type Caller, DATETIME, errorOf } from '../support/bugs-world';
import type { BugsSuite } from '../support/bugs-suite';

/** Bug.create over HTTP: every field, the defaults Bugzilla applies, and the refusals. */
export function createCases({ tracker, world, bugs, fixture }: BugsSuite): void {
  let product: string;
  let secretGroup: string;
  let reporter: Caller;
  let dev: Caller;
  let qa: Caller;
  let watcher: Caller;
  let insider: Caller;
  beforeAll(() => {
    ({ product, secretGroup, reporter, dev, qa, watcher, insider } = fixture());
  });

  describe('create (POST /rest/bug)', () => {
    it('golden 53: files a bug with every field and answers {id} with 200; golden 63: reads it back whole', async () => {
      const response = await world.call(ADMIN, 'POST', '/bug', {
        product,
        component: 'Main',
        version: '1.0',
        summary: 'Golden bug: widget renders upside down',
        description: 'Widget appears upside down on Linux.\nSteps: open the app.',
        op_sys: 'Linux',
        platform: 'PC',
        priority: 'Normal',
        severity: 'normal',
        target_milestone: 'M1',
        keywords: ['perf'],
        cc: [reporter.login],
        url: 'http://example.com/widget',
        whiteboard: '[golden]',
        alias: `golden-${world.suffix}`,
        estimated_time: 4.5,
        deadline: '2030-01-31',
        cf_ticket: 'T-1',
        cf_colour: 'red',
      });
      expect(response.status).toBe(200);
      const { id } = response.json<{ id: number }>();
      expect(Object.keys(response.json())).toEqual(['id']);
      const bug = await bugs.read(ADMIN, id);
      const adminDetail = { id: 1, real_name: 'Administrator', name: ADMIN.login, email: ADMIN.login };
      expect(bug).toEqual({
        id,
        alias: [`golden-${world.suffix}`],
        summary: 'Golden bug: widget renders upside down',
        status: 'CONFIRMED',
        resolution: '',
        is_open: true,
        is_confirmed: true,
        is_cc_accessible: true,
        is_creator_accessible: true,
        product,
        component: 'Main',
        classification: 'Unclassified',
        version: '1.0',
        target_milestone: 'M1',
        priority: 'Normal',
        severity: 'normal',
        platform: 'PC',
        op_sys: 'Linux',
        url: 'http://example.com/widget',
        whiteboard: '[golden]',
        keywords: ['perf'],
        see_also: [],
        groups: [],
        blocks: [],
        depends_on: [],
        dupe_of: null,
        assigned_to: ADMIN.login,
        assigned_to_detail: adminDetail,
        qa_contact: '',
        creator: ADMIN.login,
        creator_detail: adminDetail,
        cc: [reporter.login],
        cc_detail: [{ id: reporter.id, real_name: 'reporter person', name: reporter.login, email: reporter.login }],
        creation_time: expect.stringMatching(DATETIME),
        last_change_time: bug['creation_time'],
        deadline: '2030-01-31',
        flags: [],
        actual_time: 0,
        estimated_time: 4.5,
        remaining_time: 4.5,
        update_token: expect.stringMatching(/^\d+-[\w-]{43}$/),
        cf_ticket: 'T-1',
        cf_colour: 'red',
      });
    });

    it('gives a user without time tracking a bug without estimate or deadline, defaults from the component, and its default CC', async () => {
      const id = await world.bug(reporter, product, { component: 'Backend', estimated_time: 3, deadline: '2031-01-01', description: '' });
      const bug = await bugs.read(ADMIN, id);
      expect(bug).toMatchObject({
        assigned_to: dev.login,
        qa_contact: qa.login,
        qa_contact_detail: { id: qa.id, real_name: 'qa person', name: qa.login, email: qa.login },
        cc: [watcher.login],
        estimated_time: 0,
        remaining_time: 0,
        deadline: null,
        priority: '---',
        severity: 'normal',
        target_milestone: 'M1',
        cf_ticket: '',
        cf_colour: '---',
      });
    });

    it('takes the description as comment 0, readable at once through the comments service', async () => {
      const id = await world.bug(reporter, product, { description: 'First line.\r\nSecond line.   ' });
      expect(await bugs.comments(ANONYMOUS, id)).toMatchObject([
        { count: 0, text: 'First line.\nSecond line.', is_private: false, creator: reporter.login },
      ]);
    });

    it('accepts Bugzilla internal names, form-encoded bodies and a single alias string', async () => {
      const response = await world.call(reporter, 'POST', '/bug', {
        product,
        component: 'Main',
        version: '2.0',
        short_desc: 'Internal names',
        rep_platform: 'Other',
        bug_severity: 'minor',
        status_whiteboard: '[wb]',
        bug_file_loc: 'http://example.com/x',
      });
      const bug = await bugs.read(reporter, response.json<{ id: number }>().id);
      expect(bug).toMatchObject({
        summary: 'Internal names',
        platform: 'Other',
        severity: 'minor',
        whiteboard: '[wb]',
        url: 'http://example.com/x',
        version: '2.0',
      });
      // golden 62: a form-encoded body is read as ordinary parameters
      const form = await http(tracker().baseUrl, '/rest/bug', {
        method: 'POST',
        headers: { ...reporter.headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: `product=${encodeURIComponent(product)}&component=Main&version=1.0&summary=form+encoded&alias=form-${world.suffix}`,
      });
      expect(form.status).toBe(200);
      expect(await bugs.read(reporter, `form-${world.suffix}`, '?include_fields=id,summary,alias')).toEqual({
        id: form.json<{ id: number }>().id,
        summary: 'form encoded',
        alias: [`form-${world.suffix}`],
      });
    });

    it('puts the bug in the groups named, none for [], and lets a member read it', async () => {
      const member = await world.user('member', [secretGroup]);
      const restricted = await world.bug(member, product, { groups: [secretGroup] });
      expect((await bugs.read(member, restricted))['groups']).toEqual([secretGroup]);
      const open = await world.bug(member, product, { groups: [] });
      expect((await bugs.read(ANONYMOUS, open))['groups']).toEqual([]);
    });

    it.each([
      ['logged out (golden 59)', () => ANONYMOUS, {}, 401, 410, 'You must log in before using this part of Tracker.'],
      ['without a summary (golden 55)', () => ADMIN, { summary: undefined }, 400, 107, 'You must enter a summary for this bug.'],
      [
        'with a summary over 255 characters',
        () => ADMIN,
        { summary: 'x'.repeat(256) },
        400,
        104,
        'The text you entered in the Summary field is too long (256 characters, above the maximum length allowed of 255 characters).',
      ],
      [
        'in an unknown product (golden 56)',
        () => ADMIN,
        { product: 'NoSuchProduct' },
        401,
        106,
        "Sorry, either the product NoSuchProduct does not exist or you aren't authorized to enter a bug into it.",
      ],
      [
        'in an unknown component (golden 58)',
        () => ADMIN,
        { component: 'Nope' },
        404,
        51,
        "There is no component named 'Nope' in the 'PRODUCT' product.",
      ],
      [
        'without a component',
        () => ADMIN,
        { component: '' },
        400,
        105,
        'To file this bug, you must first choose a component. If necessary, just guess.',
      ],
      ['with an unknown version', () => ADMIN, { version: '9.9' }, 404, 51, "There is no version named '9.9' in the 'PRODUCT' product."],
      [
        'with an unknown milestone',
        () => ADMIN,
        { target_milestone: 'M9' },
        404,
        51,
        "There is no milestone named 'M9' in the 'PRODUCT' product.",
      ],
      ['with an unknown OS', () => ADMIN, { op_sys: 'BeOS' }, 404, 51, "There is no OS named 'BeOS'."],
      ['with an empty priority', () => ADMIN, { priority: '' }, 400, 50, 'You must select/enter a Priority.'],
      [
        'with an unknown assignee',
        () => ADMIN,
        { assigned_to: 'nobody@example.com' },
        404,
        51,
        "There is no user named 'nobody@example.com'. Either you mis-typed the name or that user has not yet registered for a Tracker account.",
      ],
      [
        'with an unknown CC',
        () => ADMIN,
        { cc: ['nobody@example.com'] },
        401,
        504,
        'The name nobody@example.com is not a valid username. Either you misspelled it, or the person has not registered for a Tracker account.',
      ],
      ['with an unknown keyword', () => ADMIN, { keywords: ['nope'] }, 404, 51, "There is no keyword named 'nope'."],
      [
        'with a numeric alias',
        () => ADMIN,
        { alias: '123' },
        400,
        103,
        'You tried to give this bug the alias 123, but aliases cannot be merely numbers, since they could then be confused with bug IDs. Please choose an alias containing at least one letter.',
      ],
      [
        'with an alias over 40 characters',
        () => ADMIN,
        { alias: 'a'.repeat(41) },
        400,
        103,
        'Bug aliases cannot be longer than 40 characters. Please choose a shorter alias.',
      ],
      [
        'with a status new bugs cannot have',
        () => ADMIN,
        { status: 'RESOLVED', resolution: 'FIXED' },
        400,
        123,
        'You are not allowed to file new bugs with the RESOLVED status.',
      ],
      ['with a resolution on an open bug', () => ADMIN, { resolution: 'FIXED' }, 400, 122, 'You cannot set a resolution for open bugs.'],
      [
        'with a group it may not use',
        () => ADMIN,
        { groups: ['admin'] },
        401,
        120,
        "You tried to restrict a bug to the 'admin' group, but either this group does not exist, or you are not allowed to restrict bugs to this group in the 'PRODUCT' product.",
      ],
      [
        'with a description over 65,535 characters',
        () => ADMIN,
        { description: 'x'.repeat(65_536) },
        400,
        114,
        'Comments cannot be longer than 65535 characters.',
      ],
      [
        'with a See Also that is not a bug URL',
        () => ADMIN,
        { see_also: ['http://example.com/page'] },
        400,
        112,
        'http://example.com/page is not a valid URL to a bug. See Also URLs should point to a bug in a bug tracker, or an issue or pull request on a forge.',
      ],
      [
        'with an estimate over 99999.99 hours',
        () => ADMIN,
        { estimated_time: 100_000 },
        400,
        54,
        "The value '100000' in the Orig. Est. field is more than the maximum allowable value of '99999.99'.",
      ],
      [
        'with an invalid deadline',
        () => ADMIN,
        { deadline: '2030-02-30' },
        400,
        56,
        "'2030-02-30' is not a legal date. Please use the format 'YYYY-MM-DD'.",
      ],
      ['with a dependency on a bug that does not exist', () => ADMIN, { depends_on: [999_999] }, 404, 101, 'Bug #999999 does not exist.'],
      [
        'with a flag of a type that does not exist',
        () => ADMIN,
        { flags: [{ name: 'no-such-flag', status: '?' }] },
        404,
        51,
        "There is no flagtype named 'no-such-flag'.",
      ],
    ])('refuses a bug %s', async (_case, caller, extra, status, code, message) => {
      const body = { product, component: 'Main', version: '1.0', summary: 'refused', ...extra };
      const response = await world.call(caller(), 'POST', '/bug', body);
      expect(errorOf(response)).toEqual({ status, code, message: message.replace('PRODUCT', product) });
    });

    it('spends no bug id on refused fields: the bug filed after the refusals gets the next id, as in Bugzilla', async () => {
      const before = await world.bug(ADMIN, product);
      for (const extra of [{ version: '9.9' }, { priority: '' }, { alias: '123' }, { deadline: '2030-02-30' }]) {
        const response = await world.call(ADMIN, 'POST', '/bug', {
          product,
          component: 'Main',
          version: '1.0',
          summary: 'refused',
          ...extra,
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
      }
      expect(await world.bug(ADMIN, product)).toBe(before + 1);
    });

    it('refuses a private description from a non-insider (113) and takes it from an insider', async () => {
      const body = { product, component: 'Main', version: '1.0', summary: 'private', description: 'secret', comment_is_private: true };
      expect(errorOf(await world.call(reporter, 'POST', '/bug', body))).toEqual({
        status: 401,
        code: 113,
        message: 'Sorry, but you are not allowed to (un)mark comments or attachments as private.',
      });
      const { id } = await world.ok<{ id: number }>(insider, 'POST', '/bug', body);
      expect(await bugs.comments(ANONYMOUS, id)).toEqual([]);
      expect(await bugs.comments(insider, id)).toMatchObject([{ count: 0, is_private: true, text: 'secret' }]);
    });

    it('refuses an alias another bug has, in any case', async () => {
      await world.bug(reporter, product, { alias: `taken-${world.suffix}` });
      const response = await world.call(reporter, 'POST', '/bug', {
        product,
        component: 'Main',
        version: '1.0',
        summary: 's',
        alias: `TAKEN-${world.suffix}`,
      });
      expect(errorOf(response).code).toBe(103);
      expect(errorOf(response).message).toMatch(/^Bug \d+ has already taken the alias TAKEN-\w+\. Please choose another alias\.$/);
    });

    it('gives a contested alias to exactly one of many concurrent creates, and serves the others', async () => {
      // more concurrent alias lockers than the read model has connections: none may starve
      const create = (alias: string) =>
        world.call(reporter, 'POST', '/bug', { product, component: 'Main', version: '1.0', summary: 'race', alias });
      const contested = await Promise.all(Array.from({ length: 6 }, () => create(`race-${world.suffix}`)));
      const distinct = await Promise.all(Array.from({ length: 24 }, (_, index) => create(`solo-${index}-${world.suffix}`)));
      expect(contested.map((response) => response.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      expect(contested.filter((response) => response.status === 400).map((response) => errorOf(response).code)).toEqual([
        103, 103, 103, 103, 103,
      ]);
      expect(distinct.map((response) => response.status)).toEqual(Array.from({ length: 24 }, () => 200));
    });

    it('links the bugs it blocks and depends on, on both sides, and refuses a loop', async () => {
      const a = await world.bug(reporter, product);
      const b = await world.bug(reporter, product);
      const c = await world.bug(ADMIN, product, { blocks: [a], depends_on: [b] });
      expect(await bugs.read(ADMIN, c)).toMatchObject({ blocks: [a], depends_on: [b] });
      expect(await bugs.read(ADMIN, a)).toMatchObject({ depends_on: [c] });
      expect(await bugs.read(ADMIN, b)).toMatchObject({ blocks: [c] });
      expect((await bugs.history(ADMIN, a))[0]?.changes).toEqual([{ field_name: 'depends_on', removed: '', added: String(c) }]);
      const loop = await world.call(ADMIN, 'POST', '/bug', {
        product,
        component: 'Main',
        version: '1.0',
        summary: 'loop',
        depends_on: [a],
        blocks: [b],
      });
      expect(errorOf(loop)).toEqual({
        status: 400,
        code: 116,
        message: `The following bug(s) would appear on both the "depends on" and "blocks" parts of the dependency tree if these changes are committed: ${[a, b, c].sort((x, y) => x - y).join(' ')}. This would create a circular dependency, which is not allowed.`,
      });
    });
  });
}
