import { REBUILD_BUGS_SUBJECT, type ReadModelRebuilt } from '@tracker/contracts';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, ANONYMOUS, BugCalls, type Caller, BugsWorld, DATETIME, errorOf } from '../support/bugs-world';

/**
 * Who may do what with a bug in a group (reference §8, §6.5), read-your-writes across the
 * bugs and comments read models, and the rebuild of the bugs read model from the log.
 * Here editbugs is not everyone's (its user regexp is emptied first), so an "outsider"
 * exists, as on an installation that restricts editing.
 */
export function accessCases(tracker: () => RunningTracker): void {
  describe('bug access', () => {
    const world = new BugsWorld(() => tracker().baseUrl);
    const bugs = new BugCalls(world);
    let product: string;
    let group: string;
    let reporter: Caller;
    let ccMember: Caller;
    let outsider: Caller;
    let editor: Caller;
    let member: Caller;
    let bugId: number;

    beforeAll(async () => {
      await world.ok(ADMIN, 'PUT', '/group/editbugs', { user_regexp: '' });
      group = await world.group('private');
      [reporter, ccMember, outsider, editor, member] = await Promise.all([
        world.user('reporter'),
        world.user('ccmember'),
        world.user('outsider'),
        world.user('editor', ['editbugs']),
        world.user('member'),
      ]);
      await world.ok(ADMIN, 'PUT', `/user/${encodeURIComponent(member.login)}`, { groups: { add: [group] } });
      product = await world.product('Private', [{ group, membercontrol: 'Shown', othercontrol: 'NA', entry: false, canedit: false }]);
      bugId = await world.bug(reporter, product, { summary: `Secret matrix ${world.suffix}`, cc: [ccMember.login] });
      await bugs.update(ADMIN, bugId, { groups: { add: [group] } });
    }, 120_000);

    const denied = (id: number, loggedIn: boolean) => ({
      status: 401,
      code: 102,
      message: loggedIn
        ? `You are not authorized to access bug #${id}.`
        : `You are not authorized to access bug #${id}. To see this bug, you must first log in to an account with the appropriate permissions.`,
    });

    const roles = (): Record<string, Caller> => ({ anonymous: ANONYMOUS, reporter, ccMember, outsider, editor, member });

    it.each([
      ['anonymous', false],
      ['reporter', true],
      ['ccMember', true],
      ['outsider', false],
      ['editor', false],
      ['member', true],
    ] as const)('%s: reads, searches and reads the history only when allowed to see the bug', async (role, sees) => {
      const caller = roles()[role] as Caller;
      const read = await world.call(caller, 'GET', `/bug/${bugId}?include_fields=id,groups`);
      const listed = await bugs.search(caller, `summary=${encodeURIComponent(`Secret matrix ${world.suffix}`)}`);
      const history = await world.call(caller, 'GET', `/bug/${bugId}/history`);
      if (sees) {
        expect(read.json()).toEqual({ bugs: [{ id: bugId, groups: [group] }], faults: [] });
        expect(listed).toEqual([bugId]);
        expect(history.status).toBe(200);
      } else {
        expect(errorOf(read)).toEqual(denied(bugId, caller !== ANONYMOUS));
        expect(listed).toEqual([]);
        expect(errorOf(history)).toEqual(denied(bugId, caller !== ANONYMOUS));
      }
    });

    it.each([
      ['anonymous', { status: 401, code: 410, message: 'You must log in before using this part of Tracker.' }],
      ['reporter', null],
      ['ccMember', 'privileges'],
      ['outsider', 'hidden'],
      ['editor', 'hidden'],
      ['member', 'privileges'],
    ] as const)('%s: updates the bug only when allowed to see and change it', async (role, refusal) => {
      const caller = roles()[role] as Caller;
      const response = await world.call(caller, 'PUT', `/bug/${bugId}`, { whiteboard: `[${role}]` });
      if (refusal === null) {
        expect(response.json()).toMatchObject({ bugs: [{ id: bugId, changes: { whiteboard: { added: `[${role}]` } } }] });
      } else if (refusal === 'hidden') {
        expect(errorOf(response)).toEqual(denied(bugId, true));
      } else if (refusal === 'privileges') {
        expect(errorOf(response)).toEqual({
          status: 401,
          code: 115,
          message: `You tried to change the Whiteboard field ${role === 'ccMember' || role === 'member' ? 'from [reporter] ' : ''}to [${role}], but only the assignee or reporter of the bug, or a user with the required permissions may change that field.`,
        });
      } else {
        expect(errorOf(response)).toEqual(refusal);
      }
    });

    it('lets an editbugs member change anything, and closes the bug to its reporter and CC when they are not accessible', async () => {
      const both = await world.user('both', ['editbugs']);
      await world.ok(ADMIN, 'PUT', `/user/${encodeURIComponent(both.login)}`, { groups: { add: [group] } });
      const id = await world.bug(reporter, product, { cc: [ccMember.login], groups: [] });
      await bugs.update(both, id, { groups: { add: [group] }, is_creator_accessible: false, is_cc_accessible: false, priority: 'High' });
      expect(errorOf(await world.call(reporter, 'GET', `/bug/${id}`))).toEqual(denied(id, true));
      expect(errorOf(await world.call(ccMember, 'GET', `/bug/${id}`))).toEqual(denied(id, true));
      expect((await bugs.read(both, id, '?include_fields=priority'))['priority']).toBe('High');
    });

    it('hides a dependency or duplicate target the caller cannot see (102) and a bug in bugs.access', async () => {
      const open = await world.bug(outsider, product, { groups: [] });
      expect(errorOf(await world.call(outsider, 'PUT', `/bug/${open}`, { dupe_of: bugId }))).toEqual(denied(bugId, true));
      expect(errorOf(await world.call(outsider, 'PUT', `/bug/${open}`, { depends_on: { add: [bugId] } }))).toEqual(denied(bugId, true));
      const access = await tracker().request<{ bugs: unknown[] }>('bugs.access', { refs: [bugId, open, 'nope'] }, undefined);
      expect(access.bugs).toEqual([
        { ref: bugId, bugId, canEdit: true, error: null, editError: null },
        { ref: open, bugId: open, canEdit: true, error: null, editError: null },
        {
          ref: 'nope',
          bugId: null,
          canEdit: false,
          error: { code: 100, message: "'nope' is not a valid bug number nor an alias to a bug." },
          editError: null,
        },
      ]);
    });

    it('reads, searches and shows the history and comments of a bug right after creating it (read-your-writes)', async () => {
      for (let i = 0; i < 3; i++) {
        const id = await world.bug(reporter, product, {
          groups: [],
          summary: `Fresh ${world.suffix} ${i}`,
          description: `Fresh description ${i}`,
        });
        expect((await bugs.read(reporter, id)).id).toBe(id);
        expect(await bugs.search(reporter, `id=${id}`)).toEqual([id]);
        expect(await bugs.history(reporter, id)).toEqual([]);
        expect((await bugs.comments(reporter, id)).map((c) => c.text)).toEqual([`Fresh description ${i}`]);
        const updated = await bugs.update(reporter, id, { summary: `Changed ${world.suffix} ${i}` });
        expect((await bugs.read(reporter, id))['summary']).toBe(`Changed ${world.suffix} ${i}`);
        expect(await bugs.history(reporter, id)).toEqual([
          {
            when: updated.last_change_time,
            who: reporter.login,
            changes: [{ field_name: 'summary', removed: `Fresh ${world.suffix} ${i}`, added: `Changed ${world.suffix} ${i}` }],
          },
        ]);
        expect(updated.last_change_time).toMatch(DATETIME);
      }
    });

    it('gives the same bugs, searches, histories, tags and visits after the read model is rebuilt from the log', async () => {
      const a = await world.bug(reporter, product, { groups: [], alias: `rebuild-${world.suffix}`, keywords: [], cc: [member.login] });
      const b = await world.bug(member, product, { groups: [group], depends_on: [] });
      await bugs.update(ADMIN, a, {
        depends_on: { add: [b] },
        status: 'IN_PROGRESS',
        comment: { body: 'Working.' },
        whiteboard: '[rebuild]',
      });
      const c = await world.bug(reporter, product, { groups: [] });
      await bugs.update(ADMIN, c, { dupe_of: a });
      await world.ok(member, 'PUT', `/bug/${a}/tags`, { add: ['keep'] });
      await world.ok(member, 'POST', '/bug_user_last_visit', { ids: [a, b] });
      const snapshot = async (): Promise<unknown[]> =>
        Promise.all([
          world.ok(member, 'GET', `/bug/${a}?ids=${b}&ids=${c}&include_fields=_all`),
          world.ok(ADMIN, 'GET', `/bug?product=${product}&order=bug_id`),
          world.ok(ANONYMOUS, 'GET', `/bug?quicksearch=${encodeURIComponent(`ALL rebuild-${world.suffix}`)}`),
          world.ok(member, 'GET', `/bug?tags=keep&include_fields=id`),
          world.ok(member, 'GET', `/bug/${a}/history`),
          world.ok(member, 'GET', `/bug/${c}/history`),
          world.ok(member, 'GET', '/bug_user_last_visit'),
        ]);
      const before = await snapshot();
      expect(await tracker().request<ReadModelRebuilt>(REBUILD_BUGS_SUBJECT, {})).toEqual({
        rebuilt: true,
        milliseconds: expect.any(Number),
      });
      expect(await snapshot()).toEqual(before);
      const next = await world.bug(reporter, product, { groups: [] });
      expect(next).toBeGreaterThan(Math.max(a, b, c));
    });

    it('refuses the rebuild to anyone but an administrator', async () => {
      const auth = { userId: outsider.id, login: outsider.login, realName: '', groupIds: [], groupNames: [], permissions: [], ip: null };
      await expect(tracker().request(REBUILD_BUGS_SUBJECT, {}, auth)).rejects.toMatchObject({ code: 304 });
    });
  });
}
