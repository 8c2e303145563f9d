import type { DomainEvent } from '@tracker/contracts';
import type { EventStore } from '@tracker/platform/event-store';
import { IdSequence, type ReadModel, schemaOf } from '@tracker/platform/read-model';
import { openProjectionFixture } from '@tracker/platform/read-model/testing';
import { describeOnBothPostgres, type TestDatabase } from '@tracker/testing';
import { IdentityProjection } from './identity.projection';
import { CreateIdentityTables1764000000000 } from './migrations/1764000000000-create-identity-tables';

const group = (groupId: number, name: string, userRegexp: string, memberGroupIds: number[]): DomainEvent => ({
  type: 'GroupCreated',
  data: {
    groupId,
    name,
    description: name,
    isBugGroup: true,
    userRegexp,
    isActive: true,
    iconUrl: null,
    memberGroupIds,
    blessGroupIds: [],
  },
});
const user = (userId: number, login: string): DomainEvent => ({ type: 'UserCreated', data: { userId, login, realName: login } });

function describeProjection(name: string, createFixture: () => Promise<TestDatabase>): void {
  describe(`identity projection: ${name}`, () => {
    let store: EventStore;
    let readModel: ReadModel;
    let close: () => Promise<void>;
    let clock = 0;

    beforeAll(async () => {
      ({ store, readModel, close } = await openProjectionFixture(await createFixture(), {
        name: 'identity',
        migrations: [CreateIdentityTables1764000000000],
        projections: [new IdentityProjection()],
      }));
    }, 60_000);
    afterAll(() => close());

    const given = async (stream: string, ...events: DomainEvent[]): Promise<void> => {
      clock += 1;
      const occurredAt = new Date(Date.UTC(2026, 10, 22, 10, 0, clock)).toISOString();
      await store.appendToStream(
        stream,
        events.map((event) => ({
          ...event,
          schemaVersion: 1,
          metadata: { actor: null, occurredAt, correlationId: 'c', causationId: 'c' },
        })),
        { expectedRevision: 'any' },
      );
      await readModel.catchUp();
    };
    const query = <T>(sql: string): Promise<T[]> => readModel.dataSource.query(sql.replaceAll('S.', `${schemaOf(readModel.dataSource)}.`));
    const memberships = (): Promise<Array<{ id: number; group_ids: number[]; group_names: string[] }>> =>
      query('SELECT id, group_ids, group_names FROM S.users ORDER BY id');

    it('derives memberships (ids and names) from direct grants, case-insensitive regexps and group-in-group grants, and re-derives them', async () => {
      await given('group-1', group(1, 'admin', '', []));
      await given('group-8', group(8, 'editbugs', '.*', [1]));
      await given('group-11', group(11, 'bz_canusewhines', '', [1, 8]));
      await given('group-20', group(20, 'qa', '@qa\\.example\\.com$', [1]));
      await given('user-1', user(1, 'root@example.com'), { type: 'UserGroupsChanged', data: { added: [1], removed: [] } });
      await given('user-2', user(2, 'ann@example.com'));
      await given('user-3', user(3, 'bob@QA.example.com'));
      expect(await memberships()).toEqual([
        { id: 1, group_ids: [1, 8, 11, 20], group_names: ['admin', 'editbugs', 'bz_canusewhines', 'qa'] },
        { id: 2, group_ids: [8, 11], group_names: ['editbugs', 'bz_canusewhines'] },
        { id: 3, group_ids: [8, 11, 20], group_names: ['editbugs', 'bz_canusewhines', 'qa'] },
      ]);
      await given('group-20', { type: 'GroupUserRegexpChanged', data: { previous: '@qa\\.example\\.com$', userRegexp: '^ann@' } });
      await given('user-1', { type: 'UserGroupsChanged', data: { added: [], removed: [1] } });
      await given('group-20', { type: 'GroupRenamed', data: { previous: 'qa', name: 'quality' } });
      expect(await memberships()).toEqual([
        { id: 1, group_ids: [8, 11], group_names: ['editbugs', 'bz_canusewhines'] },
        { id: 2, group_ids: [8, 11, 20], group_names: ['editbugs', 'bz_canusewhines', 'quality'] },
        { id: 3, group_ids: [8, 11], group_names: ['editbugs', 'bz_canusewhines'] },
      ]);
    });

    it('ends the sessions issued before a password change, not those after; logout and revocation apply', async () => {
      await given('logintoken-1', { type: 'LoginTokenIssued', data: { tokenId: 1, userId: 2, tokenHash: 'h1', ip: null } });
      await given('user-2', { type: 'UserPasswordSet', data: { passwordHash: 'scrypt$x' } });
      await given('logintoken-2', { type: 'LoginTokenIssued', data: { tokenId: 2, userId: 2, tokenHash: 'h2', ip: '10.0.0.1' } });
      await given('logintoken-3', { type: 'LoginTokenIssued', data: { tokenId: 3, userId: 3, tokenHash: 'h3', ip: null } });
      await given('logintoken-3', { type: 'LoggedOut', data: {} });
      await given(
        'apikey-1',
        { type: 'ApiKeyCreated', data: { keyId: 1, userId: 2, keyHash: 'k1', description: 'ci' } },
        { type: 'ApiKeyRevoked', data: {} },
      );
      expect(await query('SELECT id, user_id, token_hash, ip FROM S.login_tokens ORDER BY id')).toEqual([
        { id: 2, user_id: 2, token_hash: 'h2', ip: '10.0.0.1' },
      ]);
      expect(await query('SELECT id, user_id, key_hash, description, revoked FROM S.api_keys')).toEqual([
        { id: 1, user_id: 2, key_hash: 'k1', description: 'ci', revoked: true },
      ]);
      expect(await query('SELECT password_hash FROM S.users WHERE id = 2')).toEqual([{ password_hash: 'scrypt$x' }]);
    });

    it('rebuilds the same rows from the log, and never hands out an id the log holds', async () => {
      const tables = ['users', 'groups', 'api_keys', 'login_tokens'];
      const before = await Promise.all(tables.map((table) => query(`SELECT * FROM S.${table} ORDER BY id`)));
      await readModel.rebuild();
      await readModel.catchUp();
      expect(await Promise.all(tables.map((table) => query(`SELECT * FROM S.${table} ORDER BY id`)))).toEqual(before);
      expect(await new IdSequence(readModel.dataSource, 'user_ids').next()).toBe(4);
      expect(await new IdSequence(readModel.dataSource, 'group_ids').next()).toBe(21);
    });
  });
}

describeOnBothPostgres('identity', describeProjection);
