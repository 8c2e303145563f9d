import { describeInBothModes } from '../../support/modes';
import { ADMIN, type Caller, IdentityApi, PASSWORD, expectError, newUser } from './support/identity-api';

/**
 * The gateway's credential cache (docs/identity.md, "Credential cache") never outlives a
 * change: each case makes its credentials known to the gateway (several calls, so they are
 * answered from the cache), changes them through the API, and the very next call sees it.
 * In distributed mode a second gateway replica must see it too, with no delay.
 */
describeInBothModes('credential cache', (tracker, mode) => {
  const api = new IdentityApi(() => tracker().baseUrl);

  const whoami = (caller: Caller, via: IdentityApi = api) => via.get('/rest/whoami', caller);
  const warm = async (caller: Caller, via: IdentityApi = api): Promise<void> => {
    for (let i = 0; i < 3; i++) expect((await whoami(caller, via)).status).toBe(200);
  };

  beforeAll(async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the gateway takes its lease within a second of identity answering
  });

  it('refuses a revoked key on the next call, and takes it back once reinstated', async () => {
    const user = await newUser(api, 'cache-revoke');
    await warm(user.caller);
    const keys = (await api.get('/rest/user/api_key', user.caller)).json<{ api_keys: Array<{ id: number }> }>().api_keys;
    expect(keys).toHaveLength(1);
    expect((await api.put(`/rest/user/api_key/${keys[0]?.id}`, { revoked: true }, user.caller)).status).toBe(200);
    expectError(await whoami(user.caller), 400, 306, /has been revoked by the user that created it/);
    expect((await api.put(`/rest/user/api_key/${keys[0]?.id}`, { revoked: false }, ADMIN)).status).toBe(200);
    expect((await whoami(user.caller)).json()).toEqual({ id: user.id, name: user.login, real_name: user.realName });
  });

  it('refuses a disabled account on the next call, and lets it in once enabled', async () => {
    const user = await newUser(api, 'cache-disable');
    await warm(user.caller);
    expect((await api.put(`/rest/user/${user.id}`, { login_denied_text: 'Gone fishing.' }, ADMIN)).status).toBe(200);
    expectError(await whoami(user.caller), 401, 301, /^Gone fishing\./);
    expect((await api.put(`/rest/user/${user.id}`, { login_denied_text: '' }, ADMIN)).status).toBe(200);
    expect((await whoami(user.caller)).status).toBe(200);
  });

  it('ends login tokens on a password change, on the next call', async () => {
    const user = await newUser(api, 'cache-password');
    const login = await api.get(`/rest/login?login=${encodeURIComponent(user.login)}&password=${PASSWORD}`);
    const token: Caller = { token: login.json<{ token: string }>().token };
    await warm(token);
    expect((await api.put(`/rest/user/${user.id}`, { password: 'Other-Pass-2' }, ADMIN)).status).toBe(200);
    expectError(await whoami(token), 400, 32000);
    expect((await whoami(user.caller)).status).toBe(200); // API keys stay, as Bugzilla
  });

  it('ends a token at logout, on the next call', async () => {
    const user = await newUser(api, 'cache-logout');
    const login = await api.get(`/rest/login?login=${encodeURIComponent(user.login)}&password=${PASSWORD}`);
    const token: Caller = { token: login.json<{ token: string }>().token };
    await warm(token);
    expect((await api.get('/rest/logout', token)).status).toBe(200);
    expectError(await whoami(token), 400, 32000);
  });

  it('takes a removed group membership away on the next call', async () => {
    const user = await newUser(api, 'cache-groups', { groups: ['editusers'] });
    await warm(user.caller);
    expect((await api.get('/rest/group?names=editbugs', user.caller)).status).toBe(200);
    expect((await api.put(`/rest/user/${user.id}`, { groups: { remove: ['editusers'] } }, ADMIN)).status).toBe(200);
    expectError(await api.get('/rest/group?names=editbugs', user.caller), 400, 805);
  });

  it('answers with the new login and real name on the next call', async () => {
    const user = await newUser(api, 'cache-rename');
    await warm(user.caller);
    const login = `renamed-${user.login}`;
    expect((await api.put(`/rest/user/${user.id}`, { email: login, full_name: 'Renamed Person' }, ADMIN)).status).toBe(200);
    expect((await whoami(user.caller)).json()).toEqual({ id: user.id, name: login, real_name: 'Renamed Person' });
  });

  if (mode === 'distributed') {
    it('refuses a key revoked through one gateway on the next call through another', async () => {
      const second = new IdentityApi(() => secondUrl);
      let secondUrl = await tracker().extraGateway();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const user = await newUser(api, 'cache-replicas');
      await warm(user.caller);
      await warm(user.caller, second);
      const keys = (await api.get('/rest/user/api_key', user.caller)).json<{ api_keys: Array<{ id: number }> }>().api_keys;
      expect((await api.put(`/rest/user/api_key/${keys[0]?.id}`, { revoked: true }, ADMIN)).status).toBe(200);
      expectError(await whoami(user.caller, second), 400, 306, /has been revoked/);
      expectError(await whoami(user.caller), 400, 306, /has been revoked/);
      secondUrl = '';
    });
  }
});
