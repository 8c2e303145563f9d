import { describeInEmbeddedMode } from '../../support/modes';
import { expectError, IdentityApi, newUser, PASSWORD } from './support/identity-api';

/**
 * The per-address login lock (docs/identity.md, "Lockouts") over the gateway's HTTP, in
 * the embedded run mode, where the identity suite (TRACKER_TRUST_PROXY=true) does not go: with
 * the default configuration the gateway cannot tell a client's address from a proxy's, so
 * the lock across accounts stays off and one client cannot lock out everyone behind the
 * same proxy; with TRACKER_DIRECT_CLIENTS=true the connection's address is the client's
 * and the lock applies. Every call here comes from 127.0.0.1; X-Forwarded-For is not
 * trusted in either suite, so a forged one changes nothing.
 */
const LIMIT = 5;
const LOCAL = String.raw`(::ffff:)?127\.0\.0\.1`;
const ADDRESS_LOCKED = new RegExp(
  `^Your IP \\(${LOCAL}\\) has been locked out until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC, as too many failed logins came from it\\.$`,
);
const ACCOUNT_LOCKED = new RegExp(
  `^Your IP \\(${LOCAL}\\) has been locked out of this account until .+ UTC, as you have exceeded the maximum number of login attempts\\.$`,
);

const q = encodeURIComponent;

async function failUnknownLogins(api: IdentityApi, count: number, label: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await api.get(`/rest/login?login=${label}${i}%40example.com&password=Wrong-1`, { ip: `198.51.100.${i + 1}` });
    expectError(response, 401, 300, 'The login or password you entered is not valid.');
  }
}

describeInEmbeddedMode(
  'login lock by address, address not known to be the client',
  (tracker) => {
    const api = new IdentityApi(() => tracker().baseUrl);

    it('lets other accounts log in from an address past the limit of failures: it may be a proxy every client shares', async () => {
      const user = await newUser(api, 'behind-proxy');
      await failUnknownLogins(api, LIMIT * 2, 'stranger');
      expect((await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`)).json()).toMatchObject({
        id: user.id,
        token: expect.any(String),
      });
    });

    it("still locks one account after 5 of its failures, Bugzilla's per-account lock, and only that account", async () => {
      const [target, neighbour] = await Promise.all([newUser(api, 'target'), newUser(api, 'neighbour')]);
      for (let i = 0; i < 4; i++) expect((await api.get(`/rest/login?login=${q(target.login)}&password=Wrong-1`)).status).toBe(401);
      expectError(await api.get(`/rest/login?login=${q(target.login)}&password=Wrong-1`), 400, 32000, ACCOUNT_LOCKED);
      expectError(await api.get(`/rest/login?login=${q(target.login)}&password=${q(PASSWORD)}`), 400, 32000, ACCOUNT_LOCKED);
      expect((await api.get(`/rest/login?login=${q(neighbour.login)}&password=${q(PASSWORD)}`)).json()).toMatchObject({ id: neighbour.id });
    });
  },
  { TRACKER_MAX_LOGIN_FAILURES_PER_ADDRESS: String(LIMIT) },
);

describeInEmbeddedMode(
  'login lock by address, clients connecting directly',
  (tracker) => {
    const api = new IdentityApi(() => tracker().baseUrl);

    it('locks the connection address for every account once its failures reach the limit, whatever X-Forwarded-For says', async () => {
      const user = await newUser(api, 'direct');
      await failUnknownLogins(api, LIMIT, 'sprayed');
      expectError(await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`), 400, 32000, ADDRESS_LOCKED);
      expectError(
        await api.get(`/rest/login?login=${q(user.login)}&password=${q(PASSWORD)}`, { ip: '203.0.113.50' }),
        400,
        32000,
        ADDRESS_LOCKED,
      );
      // an API key is not a password login: it still works from the locked address
      expect((await api.get('/rest/whoami', user.caller)).json()).toMatchObject({ id: user.id, name: user.login });
    });
  },
  { TRACKER_DIRECT_CLIENTS: 'true', TRACKER_MAX_LOGIN_FAILURES_PER_ADDRESS: String(LIMIT) },
);
