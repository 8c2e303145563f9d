import { TEST_ADMIN } from '../../../support/admin';
import { ADMIN, type Caller, expectError, freshIp, type IdentityApi, PASSWORD } from '../support/identity-api';

const ADMIN_MEMBER = {
  id: 1,
  real_name: 'Administrator',
  nick: 'admin',
  name: TEST_ADMIN.login,
  email: TEST_ADMIN.login,
  can_login: true,
  email_enabled: true,
  login_denied_text: '',
};
const EDITBUGS = { id: 8, name: 'editbugs', description: 'Can edit all bug fields' };
const WHINES = { id: 11, name: 'bz_canusewhines', description: 'User can configure whine reports for self' };

/**
 * The recordings of a real Bugzilla 5.2 (/work/shared/reference/golden), replayed in their
 * order on a fresh Tracker: same ids, same bodies, same statuses. Where Tracker answers
 * differently on purpose (whoami and header keys exist, "Tracker" for "Bugzilla") the test
 * says so. Runs first in its suite: it asserts ids.
 */
export function goldenCases(api: IdentityApi): void {
  describe('the Bugzilla 5.2 recordings, in their order', () => {
    let token = '';
    const user: { caller: Caller } = { caller: {} };

    it('08: GET /rest/login answers the id and a token <id>-<10 letters and digits>', async () => {
      const response = await api.get(
        `/rest/login?login=${encodeURIComponent(TEST_ADMIN.login)}&password=${encodeURIComponent(TEST_ADMIN.password)}`,
      );
      expect(response.status).toBe(200);
      const body = response.json<{ id: number; token: string }>();
      expect(body).toEqual({ id: 1, token: expect.stringMatching(/^1-[A-Za-z0-9]{10}$/) as unknown });
      token = body.token;
    });

    it('09: valid_login with the token is true', async () => {
      const response = await api.get(`/rest/valid_login?login=${encodeURIComponent(TEST_ADMIN.login)}&token=${token}`);
      expect([response.status, response.json()]).toEqual([200, { result: true }]);
    });

    it('10: GET /rest/user/1 with the token and include_fields=id,name keeps the unfiltered fields', async () => {
      const response = await api.get(`/rest/user/1?token=${token}&include_fields=id,name`);
      expect(response.json()).toEqual({ users: [{ id: 1, name: TEST_ADMIN.login, email_enabled: true, login_denied_text: '' }] });
    });

    it('11: logout answers {result: null}', async () => {
      const response = await api.get(`/rest/logout?token=${token}`);
      expect([response.status, response.text]).toEqual([200, '{"result":null}']);
    });

    it('12: the logged-out token is refused with 32000', async () => {
      const response = await api.get(`/rest/valid_login?login=${encodeURIComponent(TEST_ADMIN.login)}&token=${token}`);
      expectError(
        response,
        400,
        32000,
        'The cookies or token provide were not valid or have expired. You may login again to get new cookies or a new token.',
      );
    });

    it('13: a wrong password is 300 (HTTP 401)', async () => {
      const response = await api.get(`/rest/login?login=${encodeURIComponent(TEST_ADMIN.login)}&password=wrong`, { ip: freshIp() });
      expectError(response, 401, 300, 'The login or password you entered is not valid.');
    });

    it('14: a login without password is 50', async () => {
      const response = await api.get(`/rest/login?login=${encodeURIComponent(TEST_ADMIN.login)}`);
      expectError(response, 400, 50, 'The function requires a password argument, and that argument was not set.');
    });

    it('15: valid_login with an API key is true', async () => {
      const response = await api.get(`/rest/valid_login?login=${encodeURIComponent(TEST_ADMIN.login)}&api_key=${TEST_ADMIN.apiKey}`);
      expect(response.json()).toEqual({ result: true });
    });

    it('16: an invalid API key is 306 (HTTP 400), even on a public call', async () => {
      const response = await api.get('/rest/user/1?api_key=notavalidkey000000000000000000000000000');
      expectError(response, 400, 306, 'The API key you specified is invalid. Please check that you typed it correctly.');
    });

    it('17 (R6, 404 in 5.2): GET /rest/whoami answers id, name and real_name', async () => {
      const response = await api.get(`/rest/whoami?api_key=${TEST_ADMIN.apiKey}`);
      expect(response.json()).toEqual({ id: 1, name: TEST_ADMIN.login, real_name: 'Administrator' });
    });

    it('18 (R6, ignored by 5.2): X-BUGZILLA-API-KEY authenticates', async () => {
      const response = await api.get('/rest/user/1?include_fields=id', {}, { 'x-bugzilla-api-key': TEST_ADMIN.apiKey });
      expect(response.json()).toEqual({ users: [{ id: 1, email_enabled: true, login_denied_text: '' }] });
    });

    it('23: POST /rest/user creates accounts numbered after the administrator (201)', async () => {
      const first = await api.post('/rest/user', { email: 'user@example.com', full_name: 'Normal User', password: PASSWORD }, ADMIN);
      expect([first.status, first.json()]).toEqual([201, { id: 2 }]);
      const second = await api.post(
        '/rest/user',
        { email: 'golden1@example.com', full_name: 'Golden User', password: 'Golden-Pass-1!' },
        ADMIN,
      );
      expect([second.status, second.json()]).toEqual([201, { id: 3 }]);
      const key = await api.post('/rest/user/api_key', { user: 'user@example.com' }, ADMIN);
      user.caller = { apiKey: key.json<{ api_key: string }>().api_key };
    });

    it('24: a login already taken, in any case, is 500', async () => {
      for (const email of ['user@example.com', 'USER@Example.com']) {
        const response = await api.post('/rest/user', { email, full_name: 'Dup' }, ADMIN);
        expectError(response, 400, 500, `There is already an account with the login name ${email}.`);
      }
    });

    it('25: PUT /rest/user reports full_name and disable_mail', async () => {
      const response = await api.put('/rest/user/golden1%40example.com', { full_name: 'Golden User Renamed', email_enabled: false }, ADMIN);
      expect(response.json()).toEqual({
        users: [
          {
            id: 3,
            changes: { full_name: { removed: 'Golden User', added: 'Golden User Renamed' }, disable_mail: { added: '1', removed: '0' } },
          },
        ],
      });
    });

    it('26: an unknown key is 67399, naming the missing setter', async () => {
      const response = await api.put('/rest/user/golden1%40example.com', { real_name: 'X' }, ADMIN);
      expectError(response, 400, 67399, "The requested method 'Tracker::User::set_real_name' was not found.");
    });

    it('27: a user outside editusers may not update another account (304)', async () => {
      const response = await api.put(`/rest/user/${encodeURIComponent(TEST_ADMIN.login)}`, { full_name: 'Hacked' }, user.caller);
      expectError(
        response,
        401,
        304,
        "Sorry, you aren't a member of the 'editusers' group, and so you are not authorized to add, modify or delete users.",
      );
    });

    it('28: POST /rest/group creates group 17, after the 16 system groups (201)', async () => {
      const response = await api.post(
        '/rest/group',
        { name: 'golden-grp-1', description: 'Golden test group', user_regexp: '', is_active: true, icon_url: '' },
        ADMIN,
      );
      expect([response.status, response.json()]).toEqual([201, { id: 17 }]);
    });

    it('29: membership=1 lists the administrator, member of every new group through the admin group', async () => {
      const response = await api.get('/rest/group?names=golden-grp-1&membership=1', ADMIN);
      expect(response.json()).toEqual({
        groups: [
          {
            id: 17,
            name: 'golden-grp-1',
            description: 'Golden test group',
            is_active: true,
            is_bug_group: true,
            user_regexp: '',
            icon_url: '',
            membership: [ADMIN_MEMBER],
          },
        ],
      });
    });

    it('30: GET /rest/group?ids=1 is the admin system group', async () => {
      const response = await api.get('/rest/group?ids=1', ADMIN);
      expect(response.json()).toEqual({
        groups: [
          { id: 1, name: 'admin', description: 'Administrators', is_active: true, is_bug_group: false, user_regexp: '', icon_url: '' },
        ],
      });
    });

    it('31: PUT /rest/group reports description and is_active as 1/0', async () => {
      const response = await api.put('/rest/group/golden-grp-1', { description: 'Golden test group (updated)', is_active: false }, ADMIN);
      expect(response.json()).toEqual({
        groups: [
          {
            id: 17,
            changes: {
              description: { added: 'Golden test group (updated)', removed: 'Golden test group' },
              is_active: { removed: '1', added: '0' },
            },
          },
        ],
      });
    });

    it('32: adding a user to a group reports the group names', async () => {
      const response = await api.put('/rest/user/golden1%40example.com', { groups: { add: ['golden-grp-1'] } }, ADMIN);
      expect(response.json()).toEqual({ users: [{ id: 3, changes: { groups: { removed: '', added: 'golden-grp-1' } } }] });
    });

    it('19 and 20: a normal user as the admin sees it, by id or by name: editbugs by regexp, bz_canusewhines inherited', async () => {
      const expected = {
        users: [
          {
            id: 2,
            real_name: 'Normal User',
            name: 'user@example.com',
            email: 'user@example.com',
            can_login: true,
            email_enabled: true,
            login_denied_text: '',
            groups: [WHINES, EDITBUGS],
          },
        ],
      };
      expect((await api.get('/rest/user/2', ADMIN)).json()).toEqual(expected);
      expect((await api.get('/rest/user?names=user%40example.com', ADMIN)).json()).toEqual(expected);
    });

    it('21: match as a normal user: others without the groups it cannot bless, itself with saved searches', async () => {
      const response = await api.get('/rest/user?match=example', user.caller);
      const other = (id: number, realName: string, login: string): object => ({
        id,
        real_name: realName,
        name: login,
        email: login,
        can_login: true,
        groups: [],
      });
      expect(response.json()).toEqual({
        users: [
          other(1, 'Administrator', TEST_ADMIN.login),
          other(3, 'Golden User Renamed', 'golden1@example.com'),
          {
            id: 2,
            real_name: 'Normal User',
            name: 'user@example.com',
            email: 'user@example.com',
            can_login: true,
            saved_searches: [],
            saved_reports: [],
            groups: [WHINES, EDITBUGS],
          },
        ],
      });
    });

    it('22: a logged-out caller may not use ids (505, HTTP 401)', async () => {
      expectError(
        await api.get('/rest/user/1'),
        401,
        505,
        'Logged-out users cannot use the "ids" argument to this function to access any user information.',
      );
    });

    it('149: Bugzilla_login and Bugzilla_password in the query string authenticate any call', async () => {
      const response = await api.get(
        `/rest/user/1?Bugzilla_login=${encodeURIComponent(TEST_ADMIN.login)}&Bugzilla_password=${encodeURIComponent(TEST_ADMIN.password)}&include_fields=id,name`,
      );
      expect(response.json()).toEqual({ users: [{ id: 1, name: TEST_ADMIN.login, email_enabled: true, login_denied_text: '' }] });
    });
  });
}
