import {
  AUTHENTICATE_SUBJECT,
  type AuthContext,
  LOOKUP_GROUPS_SUBJECT,
  LOOKUP_USERS_SUBJECT,
  REBUILD_IDENTITY_SUBJECT,
} from '@tracker/contracts';
import { TEST_ADMIN } from '../../../support/admin';
import { ADMIN, type IdentityApi, newGroup, newUser, PASSWORD } from '../support/identity-api';
import type { RunningTracker } from '../../../support/tracker';

/**
 * What other services and operators use over the message bus: the AuthContext the gateway
 * gets for a caller, the lookups, and the rebuild of the read model from the log.
 */
export function busCases(api: IdentityApi, tracker: () => RunningTracker): void {
  const authenticate = (apiKey: string): Promise<AuthContext> =>
    tracker().request<AuthContext>(AUTHENTICATE_SUBJECT, { credentials: { method: 'api_key', apiKey }, ip: '203.0.113.9' });

  describe('identity.authenticate', () => {
    it('gives a plain account editbugs (by regexp) with the permissions it carries, and its address', async () => {
      const user = await newUser(api, 'context', { realName: 'Con Text' });
      expect(await authenticate(user.apiKey)).toEqual({
        userId: user.id,
        login: user.login,
        realName: 'Con Text',
        groupIds: [8, 11],
        groupNames: ['editbugs', 'bz_canusewhines'],
        permissions: ['commenttagger', 'editbugs'],
        ip: '203.0.113.9',
      });
    });

    it('gives the administrator every group, later ones included, and every permission', async () => {
      const all = (await api.get('/rest/group', ADMIN))
        .json<{ groups: Array<{ id: number; name: string }> }>()
        .groups.sort((a, b) => a.id - b.id);
      const context = await authenticate(TEST_ADMIN.apiKey);
      expect({ ...context, groupIds: [...context.groupIds], groupNames: [...context.groupNames] }).toEqual({
        userId: 1,
        login: TEST_ADMIN.login,
        realName: 'Administrator',
        groupIds: all.map((group) => group.id),
        groupNames: all.map((group) => group.name),
        permissions: [
          'admin',
          'canconfirm',
          'commenttagger',
          'creategroups',
          'editbugs',
          'editclassifications',
          'editcomponents',
          'editkeywords',
          'editusers',
          'insider',
          'timetracker',
          'tweakparams',
        ],
        ip: '203.0.113.9',
      });
    });
  });

  describe('lookups', () => {
    it('identity.users.lookup: by login (any case) and id, in the order asked, unknown ones listed back', async () => {
      const user = await newUser(api, 'lookup', { realName: 'Look Up' });
      expect(
        await tracker().request(LOOKUP_USERS_SUBJECT, {
          logins: [user.login.toUpperCase(), 'nobody@example.com'],
          ids: [1, user.id, 999999],
        }),
      ).toEqual({
        users: [
          { id: user.id, login: user.login, realName: 'Look Up', email: user.login, canLogin: true },
          { id: 1, login: TEST_ADMIN.login, realName: 'Administrator', email: TEST_ADMIN.login, canLogin: true },
        ],
        unknownLogins: ['nobody@example.com'],
        unknownIds: [999999],
      });
    });

    it('identity.groups.lookup: by name (any case) and id, unknown ones listed back', async () => {
      const group = await newGroup(api, 'lookup');
      expect(await tracker().request(LOOKUP_GROUPS_SUBJECT, { names: [group.name.toUpperCase(), 'nope'], ids: [15, 999999] })).toEqual({
        groups: [
          { id: group.id, name: group.name, description: 'lookup group', isBugGroup: true, isActive: true },
          { id: 15, name: 'insiders', description: 'Can see and make private comments and attachments', isBugGroup: false, isActive: true },
        ],
        unknownNames: ['nope'],
        unknownIds: [999999],
      });
    });
  });

  describe('identity.admin.rebuild', () => {
    const snapshot = async (): Promise<unknown> => ({
      users: (await api.get('/rest/user?match=*&include_disabled=1', ADMIN)).json(),
      groups: (await api.get('/rest/group?membership=1', ADMIN)).json(),
      adminKeys: (await api.get('/rest/user/api_key', ADMIN)).json(),
    });

    it('is refused without the admin permission', async () => {
      const user = await newUser(api, 'notroot');
      await expect(tracker().request(REBUILD_IDENTITY_SUBJECT, {}, await authenticate(user.apiKey))).rejects.toMatchObject({ code: 304 });
    });

    it('drops the read model and replays the log into the same answers; sessions, keys and id sequences survive', async () => {
      const user = await newUser(api, 'survivor');
      const { token } = (await api.get(`/rest/login?login=${encodeURIComponent(user.login)}&password=${PASSWORD}`)).json<{
        token: string;
      }>();
      const before = await snapshot();
      expect(await tracker().request(REBUILD_IDENTITY_SUBJECT, {}, await authenticate(TEST_ADMIN.apiKey))).toEqual({
        rebuilt: true,
        milliseconds: expect.any(Number),
      });
      expect(await snapshot()).toEqual(before);
      expect((await api.get('/rest/whoami', { token })).json()).toMatchObject({ id: user.id });
      expect((await api.get('/rest/whoami', user.caller)).json()).toMatchObject({ id: user.id });
      const next = await api.post('/rest/user', { email: `after-rebuild-${user.id}@example.com` }, ADMIN);
      expect(next.json()).toEqual({ id: user.id + 1 });
    });
  });
}
