import { ANONYMOUS } from '@tracker/contracts';
import type { IdentityOptions } from '../identity.options';
import type { UserQueries, UserRow } from '../read-model/users.queries';
import { LookupUsersHandler } from './lookup-users.handler';

const row = (id: number, login: string, groupNames: string[], disabled = ''): UserRow => ({
  id,
  login,
  real_name: `User ${id}`,
  email_enabled: true,
  disabled_text: disabled,
  direct_group_ids: [],
  bless_group_ids: [],
  group_ids: groupNames.map((_, index) => 10 + index),
  group_names: groupNames,
});

const rows = [row(1, 'ann@example.com', ['editbugs', 'insiders']), { ...row(2, 'bob@example.com', [], 'gone'), email_enabled: false }];
const queries = {
  byLogins: async (logins: readonly string[]) => rows.filter((r) => logins.includes(r.login)),
  byIds: async (ids: readonly number[]) => rows.filter((r) => ids.includes(r.id)),
} as unknown as UserQueries;
const options = { insiderGroup: 'insiders', timetrackingGroup: 'timetrackers', commentTaggersGroup: 'editbugs' } as IdentityOptions;
const handler = new LookupUsersHandler(queries, options);
const ask = (params: object) => handler.handle({ auth: ANONYMOUS, correlationId: 'c', params });

describe('identity.users.lookup', () => {
  it('answers users without their access unless asked', async () => {
    const result = await ask({ logins: ['ann@example.com', 'nobody@example.com'], ids: [2] });
    expect(result.users).toEqual([
      { id: 1, login: 'ann@example.com', realName: 'User 1', email: 'ann@example.com', canLogin: true },
      { id: 2, login: 'bob@example.com', realName: 'User 2', email: 'bob@example.com', canLogin: false },
    ]);
    expect(result.unknownLogins).toEqual(['nobody@example.com']);
  });

  it('withAccess: each user groups and permissions, as their AuthContext would carry them', async () => {
    const result = await ask({ ids: [1, 2], withAccess: true });
    expect(result.users.map((user) => user.access)).toEqual([
      { groupIds: [10, 11], permissions: expect.arrayContaining(['editbugs', 'insider', 'commenttagger']) },
      { groupIds: [], permissions: [] },
    ]);
    expect(result.users[0]?.access?.permissions).not.toContain('admin');
  });

  it('withMail: whether each user receives mail (the mailer asks)', async () => {
    const result = await ask({ ids: [1, 2], withMail: true });
    expect(result.users.map((user) => [user.id, user.emailEnabled])).toEqual([
      [1, true],
      [2, false],
    ]);
  });
});
