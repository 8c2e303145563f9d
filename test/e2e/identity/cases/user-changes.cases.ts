import { ADMIN, expectError, freshIp, type IdentityApi, newGroup, newUser, PASSWORD } from '../support/identity-api';

const q = encodeURIComponent;
type Users = { users: Array<Record<string, unknown>> };

/** User.create, User.update with its bless rules, and user regexps deriving memberships. */
export function userChangeCases(api: IdentityApi): void {
  describe('creating users', () => {
    it('refuses callers outside editusers with 304, even logged out (not 410)', async () => {
      const plain = await newUser(api, 'notadmin');
      const refusal = "Sorry, you aren't a member of the 'editusers' group, and so you are not authorized to add new users.";
      expectError(await api.post('/rest/user', { email: 'x1@example.com' }), 401, 304, refusal);
      expectError(await api.post('/rest/user', { email: 'x1@example.com' }, plain.caller), 401, 304, refusal);
    });

    it('asks for an email (50), and refuses an illegal one (501), a short password (502) and a simple one (305)', async () => {
      expectError(
        await api.post('/rest/user', { full_name: 'No Mail' }, ADMIN),
        400,
        50,
        'The function requires a email argument, and that argument was not set.',
      );
      expectError(
        await api.post('/rest/user', { email: 'not an address' }, ADMIN),
        400,
        501,
        "The e-mail address you entered (not an address) didn't pass our syntax checking for a legal email address. A legal address must contain exactly one '@', and at least one '.' after the @. It also must not contain any illegal characters.",
      );
      expectError(
        await api.post('/rest/user', { email: 'short@example.com', password: 'Ab1' }, ADMIN),
        400,
        502,
        'The password must be at least 6 characters long.',
      );
      expectError(
        await api.post('/rest/user', { email: 'simple@example.com', password: 'alllowercase' }, ADMIN),
        400,
        305,
        'The password must contain at least one: UPPERCASE letter, lowercase letter, digit.',
      );
      // nothing was created by the refusals
      expectError(await api.get('/rest/user?names=short%40example.com', ADMIN), 404, 51);
    });

    it('creates an account without password that cannot log in by password until it gets one; name is read as full_name', async () => {
      const email = `nopass-${Date.now()}@example.com`;
      const created = await api.post('/rest/user', { email: `  ${email} `, name: 'Via Name' }, ADMIN);
      expect(created.status).toBe(201);
      const { id } = created.json<{ id: number }>();
      expect((await api.get(`/rest/user/${id}?include_fields=name,real_name`, ADMIN)).json()).toEqual({
        users: [{ name: email, real_name: 'Via Name', email_enabled: true, login_denied_text: '' }],
      });
      expectError(await api.get(`/rest/login?login=${q(email)}&password=Anything-1`, { ip: freshIp() }), 401, 300);
      await api.put(`/rest/user/${id}`, { password: PASSWORD }, ADMIN);
      expect((await api.get(`/rest/login?login=${q(email)}&password=${q(PASSWORD)}`)).json()).toMatchObject({ id });
    });
  });

  describe('updating users', () => {
    it('changes login (email), password and mail setting; reports them; the old login no longer works', async () => {
      const user = await newUser(api, 'renamed');
      const newLogin = `re-${user.login}`;
      const response = await api.put(`/rest/user/${user.id}`, { email: newLogin, password: 'Changed-Pass-3', email_enabled: false }, ADMIN);
      expect(response.json()).toEqual({
        users: [
          {
            id: user.id,
            changes: {
              email: { removed: user.login, added: newLogin },
              cryptpassword: { removed: '[hidden]', added: '[hidden]' },
              disable_mail: { removed: '0', added: '1' },
            },
          },
        ],
      });
      expect((await api.get(`/rest/login?login=${q(newLogin)}&password=Changed-Pass-3`)).status).toBe(200);
      expectError(await api.get(`/rest/login?login=${q(user.login)}&password=Changed-Pass-3`, { ip: freshIp() }), 401, 300);
    });

    it('refuses a login another account holds (500), an illegal one (501), a short password (502); changes nothing then', async () => {
      const [one, two] = [await newUser(api, 'one'), await newUser(api, 'two')];
      expectError(await api.put(`/rest/user/${one.id}`, { email: two.login.toUpperCase(), full_name: 'X' }, ADMIN), 400, 500);
      expectError(await api.put(`/rest/user/${one.id}`, { email: 'bad', full_name: 'X' }, ADMIN), 400, 501);
      expectError(await api.put(`/rest/user/${one.id}`, { password: '', full_name: 'X' }, ADMIN), 400, 502);
      expectError(await api.put(`/rest/user/${one.id}?ids=${two.id}`, { email: `both-${one.login}` }, ADMIN), 400, 500);
      expect((await api.get(`/rest/user/${one.id}?include_fields=real_name`, ADMIN)).json()).toEqual({
        users: [{ real_name: 'one person', email_enabled: true, login_denied_text: '' }],
      });
    });

    it('updates the path user and ids together, and errs on an unknown one (51)', async () => {
      const [one, two] = [await newUser(api, 'pair-a'), await newUser(api, 'pair-b')];
      const response = await api.put(`/rest/user/${q(one.login)}?ids=${two.id}`, { full_name: 'Twin' }, ADMIN);
      expect(response.json<{ users: Array<{ id: number }> }>().users.map((user) => user.id)).toEqual([one.id, two.id]);
      expectError(await api.put('/rest/user/999999', { full_name: 'X' }, ADMIN), 404, 51);
      expectError(await api.put('/rest/user/ghost%40example.com', { full_name: 'X' }, ADMIN), 404, 51);
      expectError(await api.put(`/rest/user/${one.id}`, { full_name: 'X' }), 401, 410);
    });

    it('reports disabling as login_denied_text and is_enabled, and re-enabling back', async () => {
      const user = await newUser(api, 'toggle');
      expect((await api.put(`/rest/user/${user.id}`, { login_denied_text: 'Spam' }, ADMIN)).json()).toEqual({
        users: [{ id: user.id, changes: { login_denied_text: { removed: '', added: 'Spam' }, is_enabled: { removed: '1', added: '0' } } }],
      });
      expect((await api.put(`/rest/user/${user.id}`, { login_denied_text: '' }, ADMIN)).json()).toEqual({
        users: [{ id: user.id, changes: { login_denied_text: { removed: 'Spam', added: '' }, is_enabled: { removed: '0', added: '1' } } }],
      });
    });

    it('adds, removes and sets groups by name or id; a group in add and remove is added; lists join with ", "', async () => {
      const [a, b, c] = [await newGroup(api, 'ga'), await newGroup(api, 'gb'), await newGroup(api, 'gc')];
      const user = await newUser(api, 'member');
      const put = async (groups: object): Promise<unknown> => (await api.put(`/rest/user/${user.id}`, { groups }, ADMIN)).json();
      expect(await put({ add: [a.name, String(b.id)] })).toEqual({
        users: [{ id: user.id, changes: { groups: { removed: '', added: `${a.name}, ${b.name}` } } }],
      });
      expect(await put({ add: [c.name], remove: [c.name, a.name] })).toEqual({
        users: [{ id: user.id, changes: { groups: { removed: a.name, added: c.name } } }],
      });
      expect(await put({ set: [a.name], add: [b.name] })).toEqual({
        users: [{ id: user.id, changes: { groups: { removed: `${b.name}, ${c.name}`, added: a.name } } }],
      });
      expect(await put({ set: [a.name] })).toEqual({ users: [{ id: user.id, changes: {} }] });
      expectError(await api.put(`/rest/user/${user.id}`, { groups: { add: ['no-such-group'] } }, ADMIN), 401, 304);
    });

    it('lets a blesser change only memberships of the groups it may bless; set keeps the others; other fields are ignored', async () => {
      const [mine, other] = [await newGroup(api, 'mine'), await newGroup(api, 'other')];
      const blesser = await newUser(api, 'lead', { bless: [mine.name] });
      const user = await newUser(api, 'report', { groups: [other.name] });
      const response = await api.put(
        `/rest/user/${user.id}`,
        { groups: { set: [mine.name] }, full_name: 'Ignored', email_enabled: false },
        blesser.caller,
      );
      expect(response.json()).toEqual({ users: [{ id: user.id, changes: { groups: { removed: '', added: mine.name } } }] });
      expectError(
        await api.put(`/rest/user/${user.id}`, { groups: { add: [other.name] } }, blesser.caller),
        401,
        304,
        `Sorry, you aren't a member of the '${other.name}' group, and you don't have permissions to add or remove people from a group, and so you are not authorized to add, modify or delete groups.`,
      );
      const after = (await api.get(`/rest/user/${user.id}?include_fields=real_name,groups`, ADMIN)).json<Users>().users[0];
      expect(after?.['real_name']).toBe('report person');
      expect((after?.['groups'] as Array<{ name: string }>).map((group) => group.name)).toEqual([
        'bz_canusewhines',
        'editbugs',
        mine.name,
        other.name,
      ]);
    });

    it('lets editusers grant bless rights, reported as bless_groups; the blessed group is then readable by the grantee', async () => {
      const group = await newGroup(api, 'blessed');
      const user = await newUser(api, 'grantee');
      expect((await api.put(`/rest/user/${user.id}`, { bless_groups: { add: [group.name] } }, ADMIN)).json()).toEqual({
        users: [{ id: user.id, changes: { bless_groups: { removed: '', added: group.name } } }],
      });
      expect((await api.get('/rest/group', user.caller)).json()).toEqual({
        groups: [{ id: group.id, name: group.name, description: 'blessed group' }],
      });
    });

    it('refuses unknown keys with 67399 after checking the caller', async () => {
      const user = await newUser(api, 'unknownkey');
      expectError(
        await api.put(`/rest/user/${user.id}`, { extern_id: 'x' }, ADMIN),
        400,
        67399,
        "The requested method 'Tracker::User::set_extern_id' was not found.",
      );
      expectError(await api.put(`/rest/user/${user.id}`, { extern_id: 'x' }, user.caller), 401, 304);
    });
  });

  describe('user regexps', () => {
    it('makes existing and future matching accounts members, case-insensitively, and releases them when changed', async () => {
      const tag = `rx${Date.now().toString(36)}`;
      const early = await newUser(api, `${tag}-early`);
      const group = await newGroup(api, 'regexp', { user_regexp: `^${tag.toUpperCase()}-` });
      const late = await newUser(api, `${tag}-late`);
      const members = async (): Promise<number[]> =>
        (await api.get(`/rest/group/${group.id}?membership=1`, ADMIN))
          .json<{ groups: Array<{ membership: Array<{ id: number }> }> }>()
          .groups[0]?.membership.map((member) => member.id) ?? [];
      // in login order: admin@..., then <tag>-early, <tag>-late
      expect(await members()).toEqual([1, early.id, late.id]);
      expect((await api.get(`/rest/user/${late.id}?include_fields=groups`, late.caller)).json<Users>().users[0]?.['groups']).toContainEqual(
        {
          id: group.id,
          name: group.name,
          description: 'regexp group',
        },
      );
      expect((await api.put(`/rest/group/${group.id}`, { user_regexp: `^${tag}-late` }, ADMIN)).json()).toEqual({
        groups: [{ id: group.id, changes: { user_regexp: { removed: `^${tag.toUpperCase()}-`, added: `^${tag}-late` } } }],
      });
      expect(await members()).toEqual([1, late.id]);
    });

    it('lets an administrator narrow editbugs (every account by default) with PUT /rest/group', async () => {
      const user = await newUser(api, 'narrow');
      const editbugs = async (): Promise<boolean> =>
        (
          (await api.get(`/rest/user/${user.id}?include_fields=groups`, user.caller)).json<Users>().users[0]?.['groups'] as Array<{
            name: string;
          }>
        ).some((group) => group.name === 'editbugs');
      expect(await editbugs()).toBe(true);
      await api.put('/rest/group/editbugs', { user_regexp: '@nobody\\.invalid$' }, ADMIN);
      expect(await editbugs()).toBe(false);
      await api.put('/rest/group/editbugs', { user_regexp: '.*' }, ADMIN);
      expect(await editbugs()).toBe(true);
    });
  });
}
