import { http } from '@tracker/testing';
import { describeInBothModes } from '../../support/modes';
import { ADMIN, ANONYMOUS, BugCalls, type Caller, BugsWorld, DATETIME, errorOf } from './support/bugs-world';

/**
 * Bugs over the gateway's HTTP, in both run modes: create, read, update, history, last
 * visits and personal tags, every parameter and every error, compared with what Bugzilla
 * 5.2 answers in the golden recordings (../shared/reference/golden/53-98, 131-134, 150-159).
 */
describeInBothModes('bugs', (tracker) => {
  const world = new BugsWorld(() => tracker().baseUrl);
  const bugs = new BugCalls(world);
  let product: string;
  let other: string;
  let secretGroup: string;
  let reporter: Caller;
  let dev: Caller;
  let qa: Caller;
  let watcher: Caller;
  let insider: Caller;
  let timetracker: Caller;

  beforeAll(async () => {
    [reporter, dev, qa, watcher, insider, timetracker] = await Promise.all([
      world.user('reporter'),
      world.user('dev'),
      world.user('qa'),
      world.user('watcher'),
      world.user('insider', ['insiders']),
      world.user('timetracker', ['timetrackers']),
    ]);
    secretGroup = await world.group('secret');
    product = await world.product('Widgets', [{ group: secretGroup, membercontrol: 'Shown', othercontrol: 'NA', entry: false, canedit: false }]);
    await world.ok(ADMIN, 'POST', '/component', { product, name: 'Backend', description: 'Backend', default_assignee: dev.login, default_qa_contact: qa.login, default_cc: [watcher.login] }, 201);
    await world.ok(ADMIN, 'POST', '/version', { product, name: '2.0' }, 201);
    await world.ok(ADMIN, 'POST', '/milestone', { product, name: 'M2', sort_key: 20 }, 201);
    other = await world.product('Gadgets');
    await Promise.all(['regression', 'perf'].map((name) => world.keyword(name)));
    await world.ok(ADMIN, 'POST', '/field/bug', { name: 'cf_ticket', display_name: 'Ticket', type: 1 }, 201);
    await world.ok(ADMIN, 'POST', '/field/bug', { name: 'cf_colour', display_name: 'Colour', type: 2 }, 201);
    await world.ok(ADMIN, 'POST', '/field/bug/cf_colour/values', { name: 'red' }, 201);
    await world.ok(ADMIN, 'POST', '/field/bug/cf_colour/values', { name: 'green' }, 201);
  }, 120_000);

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
      expect(await bugs.comments(ANONYMOUS, id)).toMatchObject([{ count: 0, text: 'First line.\nSecond line.', is_private: false, creator: reporter.login }]);
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
      expect(bug).toMatchObject({ summary: 'Internal names', platform: 'Other', severity: 'minor', whiteboard: '[wb]', url: 'http://example.com/x', version: '2.0' });
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
      ['with a summary over 255 characters', () => ADMIN, { summary: 'x'.repeat(256) }, 400, 104, 'The text you entered in the Summary field is too long (256 characters, above the maximum length allowed of 255 characters).'],
      ['in an unknown product (golden 56)', () => ADMIN, { product: 'NoSuchProduct' }, 401, 106, "Sorry, either the product NoSuchProduct does not exist or you aren't authorized to enter a bug into it."],
      ['in an unknown component (golden 58)', () => ADMIN, { component: 'Nope' }, 404, 51, "There is no component named 'Nope' in the 'PRODUCT' product."],
      ['without a component', () => ADMIN, { component: '' }, 400, 105, 'To file this bug, you must first choose a component. If necessary, just guess.'],
      ['with an unknown version', () => ADMIN, { version: '9.9' }, 404, 51, "There is no version named '9.9' in the 'PRODUCT' product."],
      ['with an unknown milestone', () => ADMIN, { target_milestone: 'M9' }, 404, 51, "There is no milestone named 'M9' in the 'PRODUCT' product."],
      ['with an unknown OS', () => ADMIN, { op_sys: 'BeOS' }, 404, 51, "There is no OS named 'BeOS'."],
      ['with an empty priority', () => ADMIN, { priority: '' }, 400, 50, 'You must select/enter a Priority.'],
      ['with an unknown assignee', () => ADMIN, { assigned_to: 'nobody@example.com' }, 404, 51, "There is no user named 'nobody@example.com'. Either you mis-typed the name or that user has not yet registered for a Tracker account."],
      ['with an unknown CC', () => ADMIN, { cc: ['nobody@example.com'] }, 401, 504, 'The name nobody@example.com is not a valid username. Either you misspelled it, or the person has not registered for a Tracker account.'],
      ['with an unknown keyword', () => ADMIN, { keywords: ['nope'] }, 404, 51, "There is no keyword named 'nope'."],
      ['with a numeric alias', () => ADMIN, { alias: '123' }, 400, 103, 'You tried to give this bug the alias 123, but aliases cannot be merely numbers, since they could then be confused with bug IDs. Please choose an alias containing at least one letter.'],
      ['with an alias over 40 characters', () => ADMIN, { alias: 'a'.repeat(41) }, 400, 103, 'Bug aliases cannot be longer than 40 characters. Please choose a shorter alias.'],
      ['with a status new bugs cannot have', () => ADMIN, { status: 'RESOLVED', resolution: 'FIXED' }, 400, 123, 'You are not allowed to file new bugs with the RESOLVED status.'],
      ['with a resolution on an open bug', () => ADMIN, { resolution: 'FIXED' }, 400, 122, 'You cannot set a resolution for open bugs.'],
      ['with a group it may not use', () => ADMIN, { groups: ['admin'] }, 401, 120, "You tried to restrict a bug to the 'admin' group, but either this group does not exist, or you are not allowed to restrict bugs to this group in the 'PRODUCT' product."],
      ['with a description over 65,535 characters', () => ADMIN, { description: 'x'.repeat(65_536) }, 400, 114, 'Comments cannot be longer than 65535 characters.'],
      ['with a See Also that is not a bug URL', () => ADMIN, { see_also: ['http://example.com/page'] }, 400, 112, 'http://example.com/page is not a valid URL to a bug. See Also URLs should point to a bug in a bug tracker, or an issue or pull request on a forge.'],
      ['with an estimate over 99999.99 hours', () => ADMIN, { estimated_time: 100_000 }, 400, 54, "The value '100000' in the Orig. Est. field is more than the maximum allowable value of '99999.99'."],
      ['with an invalid deadline', () => ADMIN, { deadline: '2030-02-30' }, 400, 56, "'2030-02-30' is not a legal date. Please use the format 'YYYY-MM-DD'."],
      ['with a dependency on a bug that does not exist', () => ADMIN, { depends_on: [999_999] }, 404, 101, 'Bug #999999 does not exist.'],
      ['with flags (no flags service yet)', () => ADMIN, { flags: [{ name: 'review', status: '?' }] }, 400, 32000, 'Flags cannot be set yet: the flags service of this Tracker is not available. Nothing was changed.'],
    ])('refuses a bug %s', async (_case, caller, extra, status, code, message) => {
      const body = { product, component: 'Main', version: '1.0', summary: 'refused', ...extra };
      const response = await world.call(caller(), 'POST', '/bug', body);
      expect(errorOf(response)).toEqual({ status, code, message: message.replace('PRODUCT', product) });
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
      const response = await world.call(reporter, 'POST', '/bug', { product, component: 'Main', version: '1.0', summary: 's', alias: `TAKEN-${world.suffix}` });
      expect(errorOf(response).code).toBe(103);
      expect(errorOf(response).message).toMatch(/^Bug \d+ has already taken the alias TAKEN-\w+\. Please choose another alias\.$/);
    });

    it('gives a contested alias to exactly one of many concurrent creates, and serves the others', async () => {
      // more concurrent alias lockers than the read model has connections: none may starve
      const create = (alias: string) => world.call(reporter, 'POST', '/bug', { product, component: 'Main', version: '1.0', summary: 'race', alias });
      const contested = await Promise.all(Array.from({ length: 6 }, () => create(`race-${world.suffix}`)));
      const distinct = await Promise.all(Array.from({ length: 24 }, (_, index) => create(`solo-${index}-${world.suffix}`)));
      expect(contested.map((response) => response.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      expect(contested.filter((response) => response.status === 400).map((response) => errorOf(response).code)).toEqual([103, 103, 103, 103, 103]);
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
      const loop = await world.call(ADMIN, 'POST', '/bug', { product, component: 'Main', version: '1.0', summary: 'loop', depends_on: [a], blocks: [b] });
      expect(errorOf(loop)).toEqual({
        status: 400,
        code: 116,
        message: `The following bug(s) would appear on both the "depends on" and "blocks" parts of the dependency tree if these changes are committed: ${[a, b, c].sort((x, y) => x - y).join(' ')}. This would create a circular dependency, which is not allowed.`,
      });
    });
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
      const { bugs: both, faults } = await world.ok<{ bugs: Array<{ id: number }>; faults: unknown[] }>(ANONYMOUS, 'GET', `/bug/${second}?ids=${id}&include_fields=id`);
      expect(both).toEqual([{ id: second }, { id }]);
      expect(faults).toEqual([]);
    });

    it('golden 66/67/68: include_fields, exclude_fields (details follow their base), _all and _extra with tags', async () => {
      expect(await bugs.read(ANONYMOUS, id, '?include_fields=id,summary,status')).toEqual({ id, summary: `bugs e2e ${world.suffix}`, status: 'CONFIRMED' });
      const excluded = await bugs.read(ANONYMOUS, id, '?exclude_fields=cc_detail,flags,creator_detail,assigned_to_detail');
      expect(excluded).not.toHaveProperty('flags');
      expect(excluded).toHaveProperty('cc_detail');
      expect(excluded).not.toHaveProperty('tags');
      expect(await bugs.read(reporter, id, '?include_fields=tags')).toEqual({ tags: [] });
      const all = await bugs.read(reporter, id, '?include_fields=_all');
      expect(all).toHaveProperty('tags', []);
      expect(all).toHaveProperty('update_token');
      expect(await bugs.read(reporter, id, '?include_fields=assigned_to.name')).toEqual({ assigned_to: ADMIN.login, assigned_to_detail: { name: ADMIN.login } });
      expect(await bugs.read(ANONYMOUS, id, '?include_fields=_custom')).toEqual({ cf_ticket: '', cf_colour: '---' });
      expect(await bugs.read(ANONYMOUS, id, '?include_fields=id&exclude_fields=_custom')).toEqual({ id });
    });

    it('shows time tracking only to the time-tracking group and update_token only to logged-in callers', async () => {
      const fields = '?include_fields=estimated_time,remaining_time,actual_time,update_token';
      expect(await bugs.read(ANONYMOUS, id, fields)).toEqual({});
      expect(Object.keys(await bugs.read(reporter, id, fields))).toEqual(['update_token']);
      expect(await bugs.read(timetracker, id, fields)).toEqual({ estimated_time: 0, remaining_time: 0, actual_time: 0, update_token: expect.stringMatching(/^\d+-/) });
    });

    it.each([
      ['a bug that does not exist (golden 78)', () => '999999', () => ANONYMOUS, 404, 101, 'Bug #999999 does not exist.'],
      ['bug 0 (golden 80)', () => '0', () => ANONYMOUS, 404, 101, 'Bug #0 does not exist.'],
      ['an alias no bug has (golden 79)', () => 'no-such-alias', () => ANONYMOUS, 400, 100, "'no-such-alias' is not a valid bug number nor an alias to a bug."],
      ['a bug in a group, logged out (golden 74)', () => String(secret), () => ANONYMOUS, 401, 102, 'You are not authorized to access bug #SECRET. To see this bug, you must first log in to an account with the appropriate permissions.'],
      ['a bug in a group, as a non-member (golden 75)', () => String(secret), () => reporter, 401, 102, 'You are not authorized to access bug #SECRET.'],
    ])('refuses %s', async (_case, ref, caller, status, code, message) => {
      expect(errorOf(await world.call(caller(), 'GET', `/bug/${ref()}`))).toEqual({ status, code, message: message.replace('SECRET', String(secret)) });
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

  describe('update (PUT /rest/bug/{id_or_alias})', () => {
    it('golden 81 and 88: changes many fields at once, reports them as Bugzilla does, and writes the history', async () => {
      const blocked = await world.bug(reporter, product);
      const id = await world.bug(ADMIN, product, { priority: 'Normal', whiteboard: '[golden]', keywords: ['perf'], estimated_time: 4.5, cc: [reporter.login] });
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
      expect((await bugs.history(ANONYMOUS, id, '?new_since=2000-01-01T00:00:00Z'))[0]?.changes.map((c) => c.field_name).sort()).toEqual(
        ['blocks', 'cc', 'keywords', 'priority', 'status', 'whiteboard'],
      );
      expect(await bugs.history(ANONYMOUS, id, `?new_since=${updated.last_change_time}`)).toEqual([]);
      expect(await bugs.read(timetracker, id, '?include_fields=actual_time,remaining_time')).toEqual({ actual_time: 1.5, remaining_time: 3 });
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
      const { bugs: result } = await world.ok<{ bugs: Array<{ id: number; last_change_time: string; changes: unknown }> }>(ADMIN, 'PUT', `/bug/${a}`, { ids: [a, b], cc: { add: [watcher.login] } });
      expect(result.map((bug) => [bug.id, bug.changes])).toEqual([
        [a, { cc: { removed: '', added: watcher.login } }],
        [b, { cc: { removed: '', added: watcher.login } }],
      ]);
      expect(result[0]?.last_change_time).toBe(result[1]?.last_change_time);
    });

    it('golden 83: resolves, then reopens clearing the resolution', async () => {
      const id = await world.bug(reporter, product);
      expect((await bugs.update(ADMIN, id, { status: 'RESOLVED', resolution: 'FIXED', comment: { body: 'Fixed in r1.' } })).changes).toEqual({
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
      expect(await bugs.read(ADMIN, dupe, '?include_fields=dupe_of,status,resolution')).toEqual({ dupe_of: original, status: 'RESOLVED', resolution: 'DUPLICATE' });
      expect(await bugs.read(ADMIN, original, '?include_fields=cc')).toMatchObject({ cc: [reporter.login] });
      expect((await bugs.comments(ADMIN, dupe)).at(-1)).toMatchObject({ raw_text: 'Same crash.', text: `Same crash.\n\n*** This bug has been marked as a duplicate of bug ${original} ***` });
      expect((await bugs.comments(ADMIN, original)).at(-1)).toMatchObject({ raw_text: '', text: `*** Bug ${dupe} has been marked as a duplicate of this bug. ***` });
      expect((await bugs.history(ADMIN, dupe))[0]?.changes.map((c) => c.field_name).sort()).toEqual(['resolution', 'status']);
      expect((await bugs.history(ADMIN, original))[0]?.changes).toEqual([{ field_name: 'cc', removed: '', added: reporter.login }]);
    });

    it('changes dependencies with add, remove and set on both bugs, and refuses a loop', async () => {
      const [a, b, c] = [await world.bug(reporter, product), await world.bug(reporter, product), await world.bug(reporter, product)];
      expect((await bugs.update(ADMIN, a, { depends_on: { add: [b, c] } })).changes).toEqual({ depends_on: { removed: '', added: `${b}, ${c}` } });
      expect((await bugs.update(ADMIN, a, { depends_on: { set: [c] } })).changes).toEqual({ depends_on: { removed: String(b), added: '' } });
      expect(await bugs.read(ADMIN, b, '?include_fields=blocks')).toEqual({ blocks: [] });
      expect(await bugs.read(ADMIN, c, '?include_fields=blocks')).toEqual({ blocks: [a] });
      expect(errorOf(await world.call(ADMIN, 'PUT', `/bug/${c}`, { depends_on: { add: [a] } }))).toEqual({
        status: 400,
        code: 116,
        message: `The following bug(s) would appear on both the "depends on" and "blocks" parts of the dependency tree if these changes are committed: ${a}. This would create a circular dependency, which is not allowed.`,
      });
      expect(errorOf(await world.call(ADMIN, 'PUT', `/bug/${c}`, { blocks: { add: [c] } }))).toEqual({ status: 400, code: 116, message: "You can't make a bug block itself or depend on itself." });
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
      expect((await bugs.update(reporter, id, { alias: { add: [`two-${world.suffix}`], remove: [`one-${world.suffix}`] } })).changes).toEqual({
        alias: { removed: `one-${world.suffix}`, added: `two-${world.suffix}` },
      });
      expect((await bugs.update(reporter, id, { alias: `three-${world.suffix}` })).alias).toEqual([`three-${world.suffix}`]);
      expect((await bugs.update(reporter, id, { keywords: { set: ['perf', 'regression'] } })).changes).toEqual({ keywords: { removed: '', added: 'perf, regression' } });
      expect((await bugs.update(reporter, id, { keywords: { remove: ['perf'] } })).changes).toEqual({ keywords: { removed: 'perf', added: '' } });
      expect((await bugs.update(reporter, id, { see_also: { add: ['https://github.com/o/r/issues/1'] } })).changes).toEqual({
        see_also: { removed: '', added: 'https://github.com/o/r/issues/1' },
      });
      expect((await bugs.update(reporter, id, { cc: { add: [watcher.login, dev.login] } })).changes).toEqual({ cc: { removed: '', added: `${dev.login}, ${watcher.login}` } });
      expect(
        (await bugs.update(reporter, id, { summary: 'New summary', url: 'http://e.com', op_sys: 'Linux', platform: 'PC', severity: 'major', version: '2.0', target_milestone: 'M2', is_cc_accessible: false, cf_colour: 'green', cf_ticket: 'T-9' }))
          .changes,
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
      expect(await bugs.read(timetracker, id, '?include_fields=actual_time,remaining_time,deadline')).toEqual({ actual_time: 2.5, remaining_time: 7.5, deadline: '2031-05-01' });
      expect(errorOf(await world.call(reporter, 'PUT', `/bug/${id}`, { estimated_time: 1 }))).toEqual({
        status: 401,
        code: 115,
        message: 'You tried to change the Orig. Est. field from 10 to 1, but only a user with the required permissions may change that field.',
      });
      expect(errorOf(await world.call(reporter, 'PUT', `/bug/${id}`, { work_time: 1 })).code).toBe(115);
    });

    it.each([
      ['logged out (golden 87)', () => ANONYMOUS, { priority: 'Low' }, 401, 410, 'You must log in before using this part of Tracker.'],
      ['to an unknown status (golden 85)', () => ADMIN, { status: 'BOGUS' }, 404, 51, "There is no status named 'BOGUS'."],
      ['along no transition of the workflow', () => ADMIN, { status: 'VERIFIED' }, 400, 123, 'You are not allowed to change the bug status from CONFIRMED to VERIFIED.'],
      ['to a closed status without resolution', () => ADMIN, { status: 'RESOLVED' }, 400, 121, 'A valid resolution is required to mark bugs as RESOLVED.'],
      ['with a resolution while open', () => ADMIN, { resolution: 'FIXED' }, 400, 122, 'You cannot set a resolution for open bugs.'],
      ['DUPLICATE without dupe_of', () => ADMIN, { status: 'RESOLVED', resolution: 'DUPLICATE' }, 400, 119, 'You must specify a bug id to mark this bug as a duplicate of.'],
      ['to an empty assignee', () => ADMIN, { assigned_to: '' }, 400, 50, 'To reassign a bug, you must provide an address for the new assignee.'],
      ['with a group it is not in', () => ADMIN, { groups: { remove: ['nope'] } }, 401, 120, "You tried to remove bug BUG from the 'nope' group, but either this group does not exist, or you are not allowed to remove bugs from this group in the 'PRODUCT' product."],
      ['with flags (no flags service yet)', () => ADMIN, { flags: [{ name: 'review', status: '+' }] }, 400, 32000, 'Flags cannot be set yet: the flags service of this Tracker is not available. Nothing was changed.'],
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
      expect(errorOf(await world.call(ADMIN, 'PUT', '/bug', { ids: [1], priority: 'Low' }))).toEqual({ status: 404, code: 32614, message: "A REST API resource was not found for 'PUT /bug'." });
    });
  });

  describe('last visited (/rest/bug_user_last_visit)', () => {
    it('records a visit of a bug the caller is involved in, lists it, and refuses one they are not (1300)', async () => {
      const id = await world.bug(reporter, product);
      const visited = await world.ok<Array<{ id: number; last_visit_ts: string }>>(reporter, 'POST', `/bug_user_last_visit/${id}`, {});
      expect(visited).toEqual([{ id, last_visit_ts: expect.stringMatching(DATETIME) }]);
      expect(await world.ok(reporter, 'GET', `/bug_user_last_visit/${id}`)).toEqual(visited);
      expect(await world.ok(reporter, 'GET', '/bug_user_last_visit')).toEqual(visited);
      expect(errorOf(await world.call(watcher, 'POST', `/bug_user_last_visit/${id}`, {}))).toEqual({ status: 400, code: 1300, message: `Sorry, but you are not involved with Bug ${id}.` });
      expect(errorOf(await world.call(ANONYMOUS, 'POST', `/bug_user_last_visit/${id}`, {}))).toEqual({ status: 401, code: 410, message: 'You must log in before using this part of Tracker.' });
      expect(errorOf(await world.call(ANONYMOUS, 'GET', '/bug_user_last_visit'))).toEqual({ status: 401, code: 410, message: 'You must log in before using this part of Tracker.' });
    });

    it('takes several bugs in ids and returns the most recent 20 without ids', async () => {
      const ids = await Promise.all(Array.from({ length: 3 }, () => world.bug(watcher, product)));
      expect((await world.ok<Array<{ id: number }>>(watcher, 'POST', '/bug_user_last_visit', { ids })).map((entry) => entry.id)).toEqual(ids);
      expect((await world.ok<Array<{ id: number }>>(watcher, 'GET', `/bug_user_last_visit/${ids[0]}?ids=${ids[1]}`)).map((entry) => entry.id).sort()).toEqual([ids[0], ids[1]].sort());
    });
  });

  describe('personal tags (PUT /rest/bug/{id}/tags)', () => {
    it('adds and removes the caller’s own tags, shown under _extra and searchable with tags', async () => {
      const id = await world.bug(reporter, product);
      expect(await world.ok(reporter, 'PUT', `/bug/${id}/tags`, { add: ['Later', 'mine'] })).toEqual({ changes: { [id]: { tags: { added: ['later', 'mine'], removed: [] } } } });
      expect(await world.ok(reporter, 'PUT', `/bug/${id}/tags`, { tags: { remove: ['mine'] } })).toEqual({ changes: { [id]: { tags: { added: [], removed: ['mine'] } } } });
      expect(await bugs.read(reporter, id, '?include_fields=tags')).toEqual({ tags: ['later'] });
      expect(await bugs.read(watcher, id, '?include_fields=tags')).toEqual({ tags: [] });
      expect(await bugs.search(reporter, 'tags=later')).toEqual([id]);
      expect(await bugs.search(watcher, 'tags=later')).toEqual([]);
      expect(errorOf(await world.call(ANONYMOUS, 'PUT', `/bug/${id}/tags`, { add: ['x'] })).code).toBe(410);
    });
  });
});
