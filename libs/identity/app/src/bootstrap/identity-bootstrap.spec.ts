import { randomUUID } from 'node:crypto';
import { DEFAULT_EMAIL_REGEXP } from '@tracker/identity/domain';
import { CommandHandler, CommandRunner, systemClock } from '@tracker/platform/command-handler';
import { type EventStore, PostgresEventStore } from '@tracker/platform/event-store';
import { asServiceEventStore, TRACKER_STREAMS } from '@tracker/platform/event-store/testing';
import { IdSequences, KeyedLocks, ProjectionCheckpoints1763800000000, ReadModel } from '@tracker/platform/read-model';
import { describeOnBothPostgres, type TestDatabase } from '@tracker/testing';
import type { IdentityOptions } from '../identity.options';
import { CredentialQueries } from '../read-model/credentials.queries';
import { GroupQueries } from '../read-model/groups.queries';
import { IdentityProjection } from '../read-model/identity.projection';
import { CreateIdentityTables1764000000000 } from '../read-model/migrations/1764000000000-create-identity-tables';
import { UserQueries } from '../read-model/users.queries';
import { IdentityBootstrap } from './identity-bootstrap.service';

const options = (admin: Partial<IdentityOptions['admin']>): IdentityOptions => ({
  admin: { login: 'root@example.com', realName: 'Root', password: undefined, apiKey: undefined, generateSecrets: false, ...admin },
  insiderGroup: 'insiders',
  timetrackingGroup: 'timetrackers',
  commentTaggersGroup: 'editbugs',
  passwordMinLength: 6,
  passwordComplexity: 'no_constraints',
  maxUserMatches: 1000,
  emailRegexp: DEFAULT_EMAIL_REGEXP,
  maxLoginFailuresPerAddress: 30,
});

/** Several identity replicas starting at once on one fresh installation, each with its own read model connection. */
function describeBootstrap(name: string, createFixture: () => Promise<TestDatabase>): void {
  describe(`identity bootstrap: ${name}`, () => {
    let fixture: TestDatabase | undefined;
    let store: EventStore | undefined;
    const replicas: ReadModel[] = [];

    beforeAll(async () => {
      fixture = await createFixture();
    });
    // a fresh installation per test: an event store schema of its own, and read models on it
    beforeEach(async () => {
      store = asServiceEventStore(
        await PostgresEventStore.create(fixture!.connection, { schema: `es_${randomUUID().slice(0, 8)}`, pollIntervalMs: 50 }),
      );
    });
    afterEach(async () => {
      await Promise.all(replicas.splice(0).map((replica) => replica.close()));
      await store?.close();
    });
    afterAll(async () => {
      await fixture?.dispose();
    });

    const startReplicas = async (count: number, settings: IdentityOptions): Promise<IdentityBootstrap[]> => {
      const schema = `identity_${randomUUID().slice(0, 8)}`;
      // opened one after the other: embedded PostgreSQL's single session cannot keep two migrations apart
      const created: ReadModel[] = [];
      for (let i = 0; i < count; i++) {
        created.push(
          await ReadModel.open(fixture!.connection, store!, {
            schema,
            entities: [],
            migrations: [ProjectionCheckpoints1763800000000, CreateIdentityTables1764000000000],
            projections: [new IdentityProjection()],
          }),
        );
      }
      replicas.push(...created);
      await Promise.all(created.map((replica) => replica.start()));
      return created.map((replica) => {
        const source = replica.dataSource;
        const commands = new CommandRunner(new CommandHandler(store!, TRACKER_STREAMS), replica, systemClock);
        const [ids, locks] = [new IdSequences(source), new KeyedLocks(source)];
        return new IdentityBootstrap(
          commands,
          ids,
          locks,
          replica,
          new GroupQueries(source),
          new UserQueries(source),
          new CredentialQueries(source),
          settings,
        );
      });
    };

    it('creates the system groups, the administrator and its key once, however many replicas start together, and never again', async () => {
      const apiKey = 'RootKey0000000000000000000000000000000001';
      const bootstraps = await startReplicas(3, options({ password: 'Root-Pass-1', apiKey }));
      await Promise.all(bootstraps.map((bootstrap) => bootstrap.run()));
      const positionAfterFirst = await store!.lastPosition();
      const source = replicas.at(-1)?.dataSource;
      const groups = await new GroupQueries(source!).all();
      expect(groups.map((group) => [group.id, group.name]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
        [
          'admin',
          'tweakparams',
          'editusers',
          'creategroups',
          'editclassifications',
          'editcomponents',
          'editkeywords',
          'editbugs',
          'canconfirm',
          'bz_canusewhineatothers',
          'bz_canusewhines',
          'bz_sudoers',
          'bz_sudo_protect',
          'bz_quip_moderators',
          'insiders',
          'timetrackers',
        ].map((groupName, index) => [index + 1, groupName]),
      );
      const admin = await new UserQueries(source!).byLogin('ROOT@example.com');
      expect(admin).toMatchObject({ id: 1, login: 'root@example.com', real_name: 'Root' });
      expect(admin?.direct_group_ids).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      expect(admin?.bless_group_ids).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      expect((await new CredentialQueries(source!).apiKeysOf(1)).map((key) => key.id)).toEqual([1]);

      await Promise.all(bootstraps.map((bootstrap) => bootstrap.run()));
      expect(await store!.lastPosition()).toBe(positionAfterFirst);
    });

    it('starts on a dropped read model without recreating anything: it waits for the replay first', async () => {
      const [first] = await startReplicas(1, options({ password: 'Root-Pass-1' }));
      await first?.run();
      const position = await store!.lastPosition();
      // a second read model schema over the same log is what a dropped identity schema looks like at start
      const [restarted] = await startReplicas(1, options({ password: 'Root-Pass-1' }));
      await restarted?.run();
      expect(await store!.lastPosition()).toBe(position);
      expect((await new UserQueries(replicas.at(-1)!.dataSource).byId(1))?.login).toBe('root@example.com');
    });

    it('prints generated credentials exactly once, when the administrator is created', async () => {
      const printed: string[] = [];
      const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        printed.push(String(chunk));
        return true;
      });
      try {
        const settings = options({ login: 'generated@example.com', generateSecrets: true });
        const bootstraps = await startReplicas(2, settings);
        await Promise.all(bootstraps.map((bootstrap) => bootstrap.run()));
        await bootstraps[0]?.run();
      } finally {
        spy.mockRestore();
      }
      const banners = printed.filter((text) => text.includes('generated credentials'));
      expect(banners).toHaveLength(1);
      expect(banners[0]).toMatch(/login: {4}generated@example\.com[\s\S]*password: [A-Za-z0-9]{16}[\s\S]*API key: {2}[A-Za-z0-9]{40}/);
    });
  });
}

describeOnBothPostgres('identityboot', describeBootstrap);
