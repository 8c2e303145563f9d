import { ADMIN, expectError, type IdentityApi, newUser } from '../support/identity-api';

type Keys = { api_keys: Array<{ id: number; description: string; revoked: boolean; creation_time: string }> };

/** Tracker's REST extension for API keys: create (shown once), list (never shown), revoke and describe. */
export function apiKeyCases(api: IdentityApi): void {
  describe('API keys', () => {
    it('creates a key for the caller, shown once as 40 letters and digits, that authenticates at once', async () => {
      const user = await newUser(api, 'keys');
      const created = await api.post('/rest/user/api_key', { description: 'laptop' }, user.caller);
      expect(created.status).toBe(201);
      const key = created.json<{ id: number; api_key: string }>();
      expect(key.api_key).toMatch(/^[A-Za-z0-9]{40}$/);
      expect((await api.get('/rest/whoami', { apiKey: key.api_key })).json()).toMatchObject({ id: user.id });
      const listed = (await api.get('/rest/user/api_key', user.caller)).json<Keys>();
      expect(listed.api_keys.map(({ description, revoked }) => ({ description, revoked }))).toEqual([
        { description: 'e2e', revoked: false },
        { description: 'laptop', revoked: false },
      ]);
      expect(listed.api_keys[1]?.creation_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(JSON.stringify(listed)).not.toContain(key.api_key);
    });

    it("changes descriptions, and hides other users' keys (51) except from editusers", async () => {
      const [owner, other] = [await newUser(api, 'owner'), await newUser(api, 'stranger')];
      const [key] = (await api.get('/rest/user/api_key', owner.caller)).json<Keys>().api_keys;
      expect((await api.put(`/rest/user/api_key/${key?.id}`, { description: 'ci robot' }, owner.caller)).json()).toEqual({
        api_keys: [{ id: key?.id, changes: { description: { removed: 'e2e', added: 'ci robot' } } }],
      });
      expectError(
        await api.put(`/rest/user/api_key/${key?.id}`, { revoked: true }, other.caller),
        404,
        51,
        `There is no API key with the id '${key?.id}'.`,
      );
      expectError(await api.put('/rest/user/api_key/999999', { revoked: true }, owner.caller), 404, 51);
      expect(
        (await api.get(`/rest/user/api_key?user=${encodeURIComponent(owner.login)}`, ADMIN))
          .json<Keys>()
          .api_keys.map((k) => k.description),
      ).toEqual(['ci robot']);
      expectError(await api.get(`/rest/user/api_key?user=${encodeURIComponent(owner.login)}`, other.caller), 401, 304);
      expectError(await api.post('/rest/user/api_key', {}), 401, 410);
    });
  });
}
