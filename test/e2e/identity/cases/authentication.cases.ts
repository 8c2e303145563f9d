import { TEST_ADMIN } from '../../../support/admin';
import { ADMIN, expectError, freshIp, type IdentityApi, newUser, PASSWORD } from '../support/identity-api';

const q = encodeURIComponent;
const LOCKED =
  /^Your IP \(198\.51\.100\.\d+\) has been locked out of this account until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, as you have exceeded the maximum number of login attempts\.$/;
const TOKEN_INVALID = 'The cookies or token provide were not valid or have expired. You may login again to get new cookies or a new token.';

/**
 * Every credential spelling and method of the contract, and every way credentials fail:
 * Bugzilla's codes and words, lockouts, and refusal on the very next call after a
 * disable, a revocation, a logout or a password change.
 */
export function authenticationCases(api: IdentityApi): void {
  describe('authentication', () => {
    const whoamiAs = async (path: string, headers: Record<string, string> = {}): Promise<unknown> =>
      (await api.get(path, {}, headers)).json();
    const admin = { id: 1, name: TEST_ADMIN.login, real_name: 'Administrator' };

    it('accepts an API key in every spelling: Tracker_, Bugzilla_ and plain parameters, X-TRACKER-, X-BUGZILLA- and Bearer headers', async () => {
      for (const name of ['api_key', 'Tracker_api_key', 'Bugzilla_api_key']) {
        expect(await whoamiAs(`/rest/whoami?${name}=${TEST_ADMIN.apiKey}`)).toEqual(admin);
      }
      const spellings: Array<Record<string, string>> = [
        { 'x-tracker-api-key': TEST_ADMIN.apiKey },
        { 'x-bugzilla-api-key': TEST_ADMIN.apiKey },
        { authorization: `Bearer ${TEST_ADMIN.apiKey}` },
      ];
      for (const headers of spellings) {
        expect(await whoamiAs('/rest/whoami', headers)).toEqual(admin);
      }
    });

    it('takes a key from a JSON body (golden 159) and refuses a changed character of it (keys compare exactly)', async () => {
      const user = await newUser(api, 'bodykey');
      const ok = await api.put(`/rest/user/${user.id}`, { api_key: TEST_ADMIN.apiKey, full_name: 'Body Key' });
      expect(ok.json()).toEqual({ users: [{ id: user.id, changes: { full_name: { removed: 'bodykey person', added: 'Body Key' } } }] });
      const changed = TEST_ADMIN.apiKey.toLowerCase();
      expectError(await api.get(`/rest/whoami?api_key=${changed}`), 400, 306);
    });

    it('asks a logged-out caller of whoami to log in (410, HTTP 401)', async () => {
      expectError(await api.get('/rest/whoami'), 401, 410, 'You must log in before using this part of Tracker.');
    });

    it('logs in with login and password in every spelling, per call, without a session (golden 158)', async () => {
      const user = await newUser(api, 'percall');
      const me = { id: user.id, name: user.login, real_name: user.realName };
      expect(await whoamiAs(`/rest/whoami?login=${q(user.login)}&password=${q(PASSWORD)}`)).toEqual(me);
      expect(await whoamiAs(`/rest/whoami?Tracker_login=${q(user.login)}&Tracker_password=${q(PASSWORD)}`)).toEqual(me);
      expect(await whoamiAs('/rest/whoami', { 'x-tracker-login': user.login, 'x-tracker-password': PASSWORD })).toEqual(me);
      // logins are looked up case-insensitively
      expect(await whoamiAs(`/rest/whoami?login=${q(user.login.toUpperCase())}&password=${q(PASSWORD)}`)).toEqual(me);
    });

    it('issues tokens usable in every spelling until logout, then refuses them (32000)', async () => {
      const user = await newUser(api, 'token');
      const login = await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`);
      const { token } = login.json<{ token: string }>();
      expect(login.json()).toEqual({ id: user.id, token: expect.stringMatching(new RegExp(`^${user.id}-[A-Za-z0-9]{10}$`)) as unknown });
      const me = { id: user.id, name: user.login, real_name: user.realName };
      for (const name of ['token', 'Tracker_token', 'Bugzilla_token']) expect(await whoamiAs(`/rest/whoami?${name}=${token}`)).toEqual(me);
      expect(await whoamiAs('/rest/whoami', { 'x-tracker-token': token })).toEqual(me);
      expect((await api.get(`/rest/logout?token=${token}`)).json()).toEqual({ result: null });
      expectError(await api.get(`/rest/whoami?token=${token}`), 400, 32000, TOKEN_INVALID);
      // logging out without a token changes nothing and still answers null
      expect((await api.get('/rest/logout')).json()).toEqual({ result: null });
    });

    it('refuses unknown, malformed and foreign tokens alike (32000): bad credentials never mean logged out', async () => {
      const user = await newUser(api, 'foreign');
      const { token } = (await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`)).json<{ token: string }>();
      const stolenSuffix = `1-${token.split('-')[1] ?? ''}`;
      for (const bad of ['1-AAAAAAAAAA', 'not-a-token', 'garbage', stolenSuffix]) {
        expectError(await api.get(`/rest/whoami?token=${q(bad)}`), 400, 32000, TOKEN_INVALID);
      }
    });

    it('binds a restrict_login token to the address that asked for it', async () => {
      const user = await newUser(api, 'restrict');
      const [home, elsewhere] = [freshIp(), freshIp()];
      for (const flag of ['restrict_login=1', 'Tracker_restrictlogin=true']) {
        const { token } = (await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}&${flag}`, { ip: home })).json<{
          token: string;
        }>();
        expect((await api.get('/rest/whoami', { token, ip: home })).json()).toMatchObject({ id: user.id });
        expectError(await api.get('/rest/whoami', { token, ip: elsewhere }), 400, 32000, TOKEN_INVALID);
      }
      const { token } = (await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`, { ip: home })).json<{
        token: string;
      }>();
      expect((await api.get('/rest/whoami', { token, ip: elsewhere })).json()).toMatchObject({ id: user.id });
    });

    it('answers an already authenticated login with the id only, and asks for a missing login (50)', async () => {
      const user = await newUser(api, 'already');
      expect((await api.get('/rest/login', user.caller)).json()).toEqual({ id: user.id });
      expectError(
        await api.get(`/rest/login?password=${q(PASSWORD)}`),
        400,
        50,
        'The function requires a login argument, and that argument was not set.',
      );
      expectError(await api.get('/rest/login'), 400, 50, 'The function requires a login argument, and that argument was not set.');
    });

    it('valid_login: true only for the exact login (case counts), false logged out, 50 without login', async () => {
      const user = await newUser(api, 'valid');
      expect((await api.get(`/rest/valid_login?login=${q(user.login)}`, user.caller)).json()).toEqual({ result: true });
      expect((await api.get(`/rest/valid_login?login=${q(user.login.toUpperCase())}`, user.caller)).json()).toEqual({ result: false });
      expect((await api.get(`/rest/valid_login?login=${q(TEST_ADMIN.login)}`, user.caller)).json()).toEqual({ result: false });
      expect((await api.get(`/rest/valid_login?login=${q(user.login)}`)).json()).toEqual({ result: false });
      expect((await api.get(`/rest/valid_login?login=${q(user.login)}&password=${q(PASSWORD)}`)).json()).toEqual({ result: true });
      expectError(
        await api.get('/rest/valid_login', user.caller),
        400,
        50,
        'The function requires a login argument, and that argument was not set.',
      );
    });

    it('locks an account for an address after 5 failures in 30 minutes, warning from the 3rd; other addresses still log in', async () => {
      const user = await newUser(api, 'lockout');
      const [attacker, owner] = [freshIp(), freshIp()];
      const tryWrong = (): ReturnType<IdentityApi['get']> =>
        api.get(`/rest/login?login=${q(user.login)}&password=Wrong-1`, { ip: attacker });
      expectError(await tryWrong(), 401, 300, 'The login or password you entered is not valid.');
      expectError(await tryWrong(), 401, 300, 'The login or password you entered is not valid.');
      const warning = (left: number): string =>
        `The login or password you entered is not valid. If you do not enter the correct password after ${left} more attempt(s), you will be locked out of this account for 30 minutes.`;
      expectError(await tryWrong(), 401, 300, warning(2));
      expectError(await tryWrong(), 401, 300, warning(1));
      expectError(await tryWrong(), 400, 32000, LOCKED);
      // locked even with the right password, from that address only
      expectError(await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`, { ip: attacker }), 400, 32000, LOCKED);
      expect((await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`, { ip: owner })).json()).toMatchObject({
        id: user.id,
      });
      // an API key is not a password login: it still works from the locked address
      expect((await api.get('/rest/whoami', { ...user.caller, ip: attacker })).json()).toMatchObject({ id: user.id });
    });

    it('forgets failures after a successful login from the address', async () => {
      const user = await newUser(api, 'forgive');
      const ip = freshIp();
      for (let i = 0; i < 4; i++) await api.get(`/rest/login?login=${q(user.login)}&password=Wrong-1`, { ip });
      expect((await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`, { ip })).status).toBe(200);
      expectError(
        await api.get(`/rest/login?login=${q(user.login)}&password=Wrong-1`, { ip }),
        401,
        300,
        'The login or password you entered is not valid.',
      );
    });

    it('locks an address after its failures over all accounts reach the limit (8 in this suite), unknown logins included', async () => {
      const ip = freshIp();
      const user = await newUser(api, 'spray');
      for (let i = 0; i < 8; i++) {
        expectError(
          await api.get(`/rest/login?login=nobody${i}%40example.com&password=Wrong-1`, { ip }),
          401,
          300,
          'The login or password you entered is not valid.',
        );
      }
      expectError(
        await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`, { ip }),
        400,
        32000,
        /^Your IP \(198\.51\.100\.\d+\) has been locked out until .+ UTC, as too many failed logins came from it\.$/,
      );
      expect((await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`, { ip: freshIp() })).status).toBe(200);
    });

    it('refuses a disabled account on the very next call, whatever the method (301 with its text), and takes it back when enabled', async () => {
      const user = await newUser(api, 'disabled');
      const { token } = (await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`)).json<{ token: string }>();
      expect((await api.get('/rest/whoami', user.caller)).status).toBe(200);
      await api.put(`/rest/user/${user.id}`, { login_denied_text: 'Left the project.' }, ADMIN);
      const disabled = `Left the project. If you believe your account should be restored, please send email to ${TEST_ADMIN.login} explaining why.`;
      expectError(await api.get('/rest/whoami', user.caller), 401, 301, disabled);
      expectError(await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`), 401, 301, disabled);
      // disabling logged the account out everywhere (Bugzilla does the same)
      expectError(await api.get('/rest/whoami', { token }), 400, 32000, TOKEN_INVALID);
      await api.put(`/rest/user/${user.id}`, { login_denied_text: '' }, ADMIN);
      expect((await api.get('/rest/whoami', user.caller)).json()).toMatchObject({ id: user.id });
    });

    it('refuses a revoked key on the very next call (306), and accepts it again once reinstated', async () => {
      const user = await newUser(api, 'revoked');
      const [key] = (await api.get('/rest/user/api_key', user.caller)).json<{ api_keys: Array<{ id: number }> }>().api_keys;
      const revoked = await api.put(`/rest/user/api_key/${key?.id}`, { revoked: true }, user.caller);
      expect(revoked.json()).toEqual({ api_keys: [{ id: key?.id, changes: { revoked: { removed: '0', added: '1' } } }] });
      expectError(
        await api.get('/rest/whoami', user.caller),
        400,
        306,
        'The API key you specified has been revoked by the user that created it.',
      );
      await api.put(`/rest/user/api_key/${key?.id}`, { revoked: false }, ADMIN);
      expect((await api.get('/rest/whoami', user.caller)).json()).toMatchObject({ id: user.id });
    });

    it('ends every session of an account whose password or login changes, but not its API keys', async () => {
      const user = await newUser(api, 'sessions');
      const login = (): Promise<string> =>
        api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`).then((r) => r.json<{ token: string }>().token);
      const [first, second] = [await login(), await login()];
      await api.put(`/rest/user/${user.id}`, { password: 'Another-Pass-2' }, ADMIN);
      for (const token of [first, second]) expectError(await api.get('/rest/whoami', { token }), 400, 32000, TOKEN_INVALID);
      expectError(await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`, { ip: freshIp() }), 401, 300);
      const { token } = (await api.get(`/rest/login?login=${q(user.login)}&password=Another-Pass-2`)).json<{ token: string }>();
      expect((await api.get('/rest/whoami', { token })).status).toBe(200);
      expect((await api.get('/rest/whoami', user.caller)).status).toBe(200);
    });

    it('puts effective groups and permissions in the AuthContext: editbugs for everybody, insider for the insiders group', async () => {
      const insider = await newUser(api, 'insider', { groups: ['insiders'] });
      // the AuthContext is what the gateway sends on; User.get about oneself shows the same groups
      const groups = (await api.get(`/rest/user/${insider.id}?include_fields=groups`, insider.caller)).json<{
        users: Array<{ groups: Array<{ name: string }> }>;
      }>();
      expect(groups.users[0]?.groups.map((group) => group.name)).toEqual(['bz_canusewhines', 'editbugs', 'insiders']);
    });
  });
}
