import { TEST_ADMIN } from '../../../support/admin';
import { ADMIN, expectError, type IdentityApi, newGroup, newUser } from '../support/identity-api';

const SYSTEM_GROUPS: Array<[number, string, string]> = [
  [1, 'admin', 'Administrators'],
  [10, 'bz_canusewhineatothers', 'Can configure whine reports for other users'],
  [11, 'bz_canusewhines', 'User can configure whine reports for self'],
  [14, 'bz_quip_moderators', 'Can moderate quips'],
  [13, 'bz_sudo_protect', 'Can not be impersonated by other users'],
  [12, 'bz_sudoers', 'Can perform actions as other users'],
  [9, 'canconfirm', 'Can confirm a bug or mark it a duplicate'],
  [4, 'creategroups', 'Can create and destroy groups'],
  [8, 'editbugs', 'Can edit all bug fields'],
  [5, 'editclassifications', 'Can create, destroy, and edit classifications'],
  [6, 'editcomponents', 'Can create, destroy, and edit components'],
  [7, 'editkeywords', 'Can create, destroy, and edit keywords'],
  [3, 'editusers', 'Can edit or disable users'],
  [15, 'insiders', 'Can see and make private comments and attachments'],
  [16, 'timetrackers', 'Can see and edit time-tracking information'],
  [2, 'tweakparams', 'Can change Parameters'],
];

type Groups = { groups: Array<Record<string, unknown>> };

/** Group.create, Group.get (who sees what), Group.update; the system groups of the bootstrap. */
export function groupCases(api: IdentityApi): void {
  describe('groups', () => {
    it('bootstraps the 14 groups of a fresh Bugzilla and the insider and time-tracking groups, system groups first, by name', async () => {
      const groups = (await api.get('/rest/group', ADMIN)).json<Groups>().groups.filter((group) => group['is_bug_group'] === false);
      expect(groups).toEqual(
        SYSTEM_GROUPS.map(([id, name, description]) => ({
          id,
          name,
          description,
          is_active: true,
          is_bug_group: false,
          user_regexp: name === 'editbugs' ? '.*' : '',
          icon_url: '',
        })),
      );
    });

    it('makes the administrator a direct member of every system group, able to bless them', async () => {
      const admin = (await api.get('/rest/user/1?include_fields=groups', ADMIN)).json<{
        users: Array<{ groups: Array<{ id: number }> }>;
      }>();
      const mine = admin.users[0]?.groups.map((group) => group.id) ?? [];
      expect(SYSTEM_GROUPS.map(([id]) => id).every((id) => mine.includes(id))).toBe(true);
      const members = (await api.get('/rest/group/timetrackers?membership=1', ADMIN)).json<{
        groups: Array<{ membership: Array<{ name: string }> }>;
      }>();
      expect(members.groups[0]?.membership.map((member) => member.name)).toEqual([TEST_ADMIN.login]);
    });

    it('creates with the defaults: active, a bug group, no regexp; asks for name (800) and description (802), refuses taken names (801) and bad regexps (803)', async () => {
      const group = await newGroup(api, 'defaults');
      expect((await api.get(`/rest/group/${group.id}`, ADMIN)).json()).toEqual({
        groups: [
          {
            id: group.id,
            name: group.name,
            description: 'defaults group',
            is_active: true,
            is_bug_group: true,
            user_regexp: '',
            icon_url: '',
          },
        ],
      });
      expectError(await api.post('/rest/group', { name: '  ', description: 'd' }, ADMIN), 400, 800, 'You must enter a name for the group.');
      expectError(await api.post('/rest/group', { description: 'd' }, ADMIN), 400, 800);
      expectError(
        await api.post('/rest/group', { name: `x-${group.name}`, description: ' ' }, ADMIN),
        400,
        802,
        'You must enter a description for the group.',
      );
      expectError(
        await api.post('/rest/group', { name: group.name.toUpperCase(), description: 'd' }, ADMIN),
        400,
        801,
        `The group ${group.name.toUpperCase()} already exists.`,
      );
      expectError(
        await api.post('/rest/group', { name: `y-${group.name}`, description: 'd', user_regexp: '(' }, ADMIN),
        400,
        803,
        'The regular expression you entered is invalid.',
      );
    });

    it('lets only creategroups members create or change groups (304), and only logged-in callers (410)', async () => {
      const plain = await newUser(api, 'nogroups');
      expectError(
        await api.post('/rest/group', { name: 'nope', description: 'd' }, plain.caller),
        401,
        304,
        "Sorry, you aren't a member of the 'creategroups' group, and so you are not authorized to add new groups.",
      );
      expectError(await api.put('/rest/group/admin', { description: 'd' }, plain.caller), 401, 304);
      expectError(await api.post('/rest/group', { name: 'nope', description: 'd' }), 401, 410);
      const creator = await newUser(api, 'creator', { groups: ['creategroups'] });
      expect((await api.post('/rest/group', { name: `by-creator-${creator.id}`, description: 'd' }, creator.caller)).status).toBe(201);
    });

    it('updates every field and reports it; refuses unknown keys (67399), taken names (801), unknown groups (51), renaming system groups', async () => {
      const group = await newGroup(api, 'changing');
      const taken = await newGroup(api, 'taken');
      const response = await api.put(
        `/rest/group/${group.name}`,
        {
          name: `${group.name}-2`,
          description: 'Changed',
          user_regexp: '^nobody@',
          is_active: false,
          icon_url: 'https://example.com/i.png',
        },
        ADMIN,
      );
      expect(response.json()).toEqual({
        groups: [
          {
            id: group.id,
            changes: {
              name: { removed: group.name, added: `${group.name}-2` },
              description: { removed: 'changing group', added: 'Changed' },
              user_regexp: { removed: '', added: '^nobody@' },
              is_active: { removed: '1', added: '0' },
              icon_url: { removed: '', added: 'https://example.com/i.png' },
            },
          },
        ],
      });
      expect((await api.put(`/rest/group/${group.id}`, { description: 'Changed' }, ADMIN)).json()).toEqual({
        groups: [{ id: group.id, changes: {} }],
      });
      expectError(
        await api.put(`/rest/group/${group.id}`, { is_bug_group: false }, ADMIN),
        400,
        67399,
        "The requested method 'Tracker::Group::set_is_bug_group' was not found.",
      );
      expectError(await api.put(`/rest/group/${group.id}`, { name: taken.name }, ADMIN), 400, 801);
      expectError(await api.put(`/rest/group/${group.id}`, { description: '' }, ADMIN), 400, 802);
      expectError(
        await api.put('/rest/group/no-such-group', { description: 'x' }, ADMIN),
        404,
        51,
        "There is no group named 'no-such-group'.",
      );
      expectError(await api.put('/rest/group/999999', { description: 'x' }, ADMIN), 404, 51, "There is no group with the id '999999'.");
      expectError(
        await api.put('/rest/group/editbugs', { name: 'editors' }, ADMIN),
        400,
        32000,
        'The group editbugs is a system group; its name cannot be changed.',
      );
    });

    it('shows groups to editusers (without the creategroups fields) and blessers (their groups only); others get 805', async () => {
      const [blessed, hidden] = [await newGroup(api, 'visible'), await newGroup(api, 'hidden')];
      const plain = await newUser(api, 'viewer');
      const blesser = await newUser(api, 'gblesser', { bless: [blessed.name] });
      const editor = await newUser(api, 'geditor', { groups: ['editusers'] });
      expectError(
        await api.get('/rest/group', plain.caller),
        400,
        805,
        "In order to view groups, you need to be a member of the 'editusers' or 'creategroups' group, or have bless privileges to at least one group.",
      );
      expectError(await api.get('/rest/group'), 401, 410);
      expect((await api.get('/rest/group', blesser.caller)).json()).toEqual({
        groups: [{ id: blessed.id, name: blessed.name, description: 'visible group' }],
      });
      expect((await api.get(`/rest/group?ids=${hidden.id}`, blesser.caller)).json()).toEqual({
        groups: [{ id: hidden.id, name: hidden.name, description: 'hidden group' }],
      });
      expectError(
        await api.get(`/rest/group?ids=${hidden.id}&membership=1`, blesser.caller),
        400,
        805,
        `You are not allowed to see members of the ${hidden.name} group.`,
      );
      const all = (await api.get('/rest/group', editor.caller)).json<Groups>().groups;
      expect(all.find((group) => group['id'] === hidden.id)).toEqual({ id: hidden.id, name: hidden.name, description: 'hidden group' });
      expect(all.length).toBeGreaterThan(17);
    });

    it('selects by ids (unknown skipped) and names (unknown: 51), and lists members with their account fields', async () => {
      const group = await newGroup(api, 'members');
      const member = await newUser(api, 'inside', { realName: 'In Side', groups: [group.name] });
      await api.put(`/rest/user/${member.id}`, { login_denied_text: 'paused' }, ADMIN);
      expectError(await api.get('/rest/group?names=nope-nope', ADMIN), 404, 51, "There is no group named 'nope-nope'.");
      const response = await api.get(`/rest/group?ids=999999&ids=${group.id}&names=${group.name}&membership=1`, ADMIN);
      expect(response.json<Groups>().groups.map((g) => g['id'])).toEqual([group.id]);
      expect(response.json<Groups>().groups[0]?.['membership']).toEqual([
        {
          id: 1,
          real_name: 'Administrator',
          nick: 'admin',
          name: TEST_ADMIN.login,
          email: TEST_ADMIN.login,
          can_login: true,
          email_enabled: true,
          login_denied_text: '',
        },
        {
          id: member.id,
          real_name: 'In Side',
          nick: member.login.split('@')[0],
          name: member.login,
          email: member.login,
          can_login: false,
          email_enabled: true,
          login_denied_text: 'paused',
        },
      ]);
    });

    it('filters groups by include_fields and exclude_fields like every other object, members by membership.<field>', async () => {
      const group = await newGroup(api, 'filtered');
      const member = await newUser(api, 'filtered', { groups: [group.name] });
      const get = async (query: string): Promise<unknown> =>
        (await api.get(`/rest/group?ids=${group.id}&membership=1&${query}`, ADMIN)).json();
      expect(await get('include_fields=id,membership.name')).toEqual({
        groups: [{ id: group.id, membership: [{ name: TEST_ADMIN.login }, { name: member.login }] }],
      });
      expect(await get('include_fields=membership.id,membership.can_login')).toEqual({
        groups: [
          {
            membership: [
              { id: 1, can_login: true },
              { id: member.id, can_login: true },
            ],
          },
        ],
      });
      expect(await get('exclude_fields=membership,user_regexp,icon_url,is_active,is_bug_group')).toEqual({
        groups: [{ id: group.id, name: group.name, description: 'filtered group' }],
      });
      expect(
        await get(
          'include_fields=name,membership&exclude_fields=membership.email,membership.nick,membership.real_name,membership.email_enabled,membership.login_denied_text',
        ),
      ).toEqual({
        groups: [
          {
            name: group.name,
            membership: [
              { id: 1, name: TEST_ADMIN.login, can_login: true },
              { id: member.id, name: member.login, can_login: true },
            ],
          },
        ],
      });
      expect((await api.get(`/rest/group/${group.name}?include_fields=description`, ADMIN)).json()).toEqual({
        groups: [{ description: 'filtered group' }],
      });
    });
  });
}
