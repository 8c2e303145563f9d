import { ADMIN, expectError, type IdentityApi, newGroup, newUser, type TestUser } from '../support/identity-api';

const q = encodeURIComponent;
const EDITBUGS = { id: 8, name: 'editbugs', description: 'Can edit all bug fields' };
const WHINES = { id: 11, name: 'bz_canusewhines', description: 'User can configure whine reports for self' };
type Users = { users: Array<Record<string, unknown>> };

/** User.get: the visibility matrix over every field, selection by names, ids, match and groups, and its errors. */
export function userReadCases(api: IdentityApi): void {
  describe('reading users: the visibility matrix over every field', () => {
    let target: TestUser;
    let plain: TestUser;
    let editor: TestUser;
    let blesser: TestUser;
    let team: { id: number; name: string };

    beforeAll(async () => {
      team = await newGroup(api, 'matrix-team');
      target = await newUser(api, 'target', { realName: 'Target Person', groups: [team.name] });
      plain = await newUser(api, 'plain');
      editor = await newUser(api, 'editor', { groups: ['editusers'] });
      blesser = await newUser(api, 'blesser', { bless: [team.name] });
    });

    const read = async (caller: TestUser['caller'], query = ''): Promise<unknown> =>
      (await api.get(`/rest/user?names=${q(target.login)}${query}`, caller)).json();
    const teamBrief = (): object => ({ id: team.id, name: team.name, description: 'matrix-team group' });
    const base = (): Record<string, unknown> => ({ id: target.id, real_name: 'Target Person', name: target.login });
    const loggedIn = (): Record<string, unknown> => ({ ...base(), email: target.login, can_login: true });

    it('logged out: id, real_name and name only', async () => {
      expect(await read({})).toEqual({ users: [base()] });
    });

    it('logged in: also email and can_login, and no groups it cannot bless', async () => {
      expect(await read(plain.caller)).toEqual({ users: [{ ...loggedIn(), groups: [] }] });
    });

    it('a blesser: the groups of the user that it may bless, nothing else', async () => {
      expect(await read(blesser.caller)).toEqual({ users: [{ ...loggedIn(), groups: [teamBrief()] }] });
    });

    it('editusers: also email_enabled and login_denied_text, and every group', async () => {
      expect(await read(editor.caller)).toEqual({
        users: [{ ...loggedIn(), email_enabled: true, login_denied_text: '', groups: [WHINES, EDITBUGS, teamBrief()] }],
      });
    });

    it('oneself: every group and the saved searches and reports, but not the editusers fields', async () => {
      expect(await read(target.caller)).toEqual({
        users: [{ ...loggedIn(), saved_searches: [], saved_reports: [], groups: [WHINES, EDITBUGS, teamBrief()] }],
      });
    });

    it('an editusers member reading itself: every field at once', async () => {
      const self = (await api.get(`/rest/user/${editor.id}`, editor.caller)).json<Users>().users[0];
      expect(Object.keys(self ?? {}).sort()).toEqual(
        [
          'can_login',
          'email',
          'email_enabled',
          'groups',
          'id',
          'login_denied_text',
          'name',
          'real_name',
          'saved_reports',
          'saved_searches',
        ].sort(),
      );
    });

    it('include_fields and exclude_fields filter every field but email_enabled and login_denied_text', async () => {
      expect(await read(editor.caller, '&include_fields=real_name')).toEqual({
        users: [{ real_name: 'Target Person', email_enabled: true, login_denied_text: '' }],
      });
      expect(await read(plain.caller, '&exclude_fields=groups,email,can_login')).toEqual({ users: [base()] });
      expect(await read(target.caller, '&include_fields=id,saved_searches')).toEqual({ users: [{ id: target.id, saved_searches: [] }] });
    });

    it('shows a disabled account as can_login false with its text to editusers only', async () => {
      const gone = await newUser(api, 'gone');
      await api.put(`/rest/user/${gone.id}`, { login_denied_text: 'On leave' }, ADMIN);
      const path = `/rest/user/${gone.id}?include_fields=can_login`;
      expect((await api.get(path, editor.caller)).json()).toEqual({
        users: [{ can_login: false, email_enabled: true, login_denied_text: 'On leave' }],
      });
      expect((await api.get(path, plain.caller)).json()).toEqual({ users: [{ can_login: false }] });
    });
  });

  describe('reading users: selection and errors', () => {
    let ann: TestUser;
    let annette: TestUser;
    let off: TestUser;
    let viewer: TestUser;

    beforeAll(async () => {
      const tag = `m${Date.now().toString(36)}`;
      ann = await newUser(api, `${tag}-ann`, { realName: 'Ann Zed' });
      annette = await newUser(api, `${tag}-annette`, { realName: 'Annette Zed' });
      off = await newUser(api, `${tag}-off`, { realName: 'Off Zed' });
      await api.put(`/rest/user/${off.id}`, { login_denied_text: 'disabled' }, ADMIN);
      viewer = await newUser(api, `${tag}-viewer`);
    });
    const ids = (response: { json<T>(): T }): number[] => response.json<Users>().users.map((user) => Number(user['id']));

    it('needs one of ids, names, match (50)', async () => {
      expectError(
        await api.get('/rest/user', viewer.caller),
        400,
        50,
        'The function User.get requires that you set one of the following parameters: ids, names, match',
      );
    });

    it('refuses ids and match to logged-out callers (505) but answers names', async () => {
      expectError(await api.get(`/rest/user?ids=${ann.id}`), 401, 505);
      expectError(
        await api.get('/rest/user?match=ann'),
        401,
        505,
        'Logged-out users cannot use the "match" argument to this function to access any user information.',
      );
      expect(ids(await api.get(`/rest/user?names=${q(ann.login)}`))).toEqual([ann.id]);
    });

    it('errs on an unknown name (51, HTTP 404) and skips unknown ids; ids must be integers (52)', async () => {
      expectError(
        await api.get('/rest/user?names=ghost%40example.com', viewer.caller),
        404,
        51,
        "There is no user named 'ghost@example.com'. Either you mis-typed the name or that user has not yet registered for a Tracker account.",
      );
      expect(ids(await api.get(`/rest/user?ids=${ann.id}&ids=999999`, viewer.caller))).toEqual([ann.id]);
      expectError(await api.get('/rest/user?ids=abc', viewer.caller), 400, 52);
    });

    it('answers names, then ids, then matches, each user once; path and ids combine', async () => {
      const response = await api.get(
        `/rest/user/${annette.id}?ids=${ann.id}&names=${q(ann.login)}&match=${q(annette.login)}`,
        viewer.caller,
      );
      expect(ids(response)).toEqual([ann.id, annette.id]);
    });

    it('matches substrings of login or real name (3+ characters), skipping disabled accounts unless include_disabled', async () => {
      const tag = ann.login.split('-')[0] ?? '';
      expect(ids(await api.get(`/rest/user?match=${tag}-ann`, viewer.caller))).toEqual([ann.id, annette.id]);
      expect(ids(await api.get(`/rest/user?match=${tag}&match=nobody-at-all`, viewer.caller))).toEqual([ann.id, annette.id, viewer.id]);
      expect(ids(await api.get(`/rest/user?match=${tag}&include_disabled=1`, viewer.caller))).toEqual([
        ann.id,
        annette.id,
        off.id,
        viewer.id,
      ]);
      expect(ids(await api.get(`/rest/user?match=${q('Annette Z')}`, viewer.caller))).toEqual([annette.id]);
    });

    it('matches * wildcards, honours limit, and finds a disabled account by its exact login', async () => {
      const tag = ann.login.split('-')[0] ?? '';
      expect(ids(await api.get(`/rest/user?match=${tag}-ann*`, viewer.caller))).toEqual([ann.id, annette.id]);
      expect(ids(await api.get(`/rest/user?match=${tag}-ann*&limit=1`, viewer.caller))).toEqual([ann.id]);
      expect(ids(await api.get(`/rest/user?match=${q(off.login.toUpperCase())}`, viewer.caller))).toEqual([off.id]);
      expectError(await api.get(`/rest/user?match=${tag}&limit=-1`, viewer.caller), 400, 52);
    });

    it('filters by group_ids (51 for an unknown one) and groups (804 unless the caller is in it)', async () => {
      const group = await newGroup(api, 'filter');
      await api.put(`/rest/user/${ann.id}`, { groups: { add: [group.name] } }, ADMIN);
      const both = `names=${q(ann.login)}&names=${q(annette.login)}`;
      expect(ids(await api.get(`/rest/user?${both}&group_ids=${group.id}`, viewer.caller))).toEqual([ann.id]);
      expectError(await api.get(`/rest/user?${both}&group_ids=999999`, viewer.caller), 404, 51, "There is no group with the id '999999'.");
      expectError(
        await api.get(`/rest/user?${both}&groups=${group.name}`, viewer.caller),
        400,
        804,
        `The group you specified, ${group.name}, is not valid here.`,
      );
      expectError(await api.get(`/rest/user?${both}&groups=no-such-group`, viewer.caller), 400, 804);
      expect(ids(await api.get(`/rest/user?${both}&groups=${group.name}`, ann.caller))).toEqual([ann.id]);
      expect(ids(await api.get(`/rest/user?${both}&groups=editbugs`, viewer.caller))).toEqual([ann.id, annette.id]);
    });
  });
}
