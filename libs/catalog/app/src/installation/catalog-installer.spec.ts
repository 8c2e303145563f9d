import { Logger } from '@nestjs/common';
import { DomainError, type LookupUsersResult, type ServiceRequest } from '@tracker/contracts';
import { CommandHandler, CommandRunner, systemClock } from '@tracker/platform/command-handler';
import { type EventStore, PostgresEventStore } from '@tracker/platform/event-store';
import { asServiceEventStore, TRACKER_STREAMS } from '@tracker/platform/event-store/testing';
import type { MessageBus } from '@tracker/platform/messaging';
import { KeyedLocks, ProjectionCheckpoints1763800000000, ReadModel, schemaOf } from '@tracker/platform/read-model';
import type { SqlConnection } from '@tracker/platform/sql';
import { describeOnBothPostgres, type TestDatabase } from '@tracker/testing';
import type { CatalogOptions } from '../catalog.options';
import { IdentityClient } from '../collaborators/identity.client';
import { CatalogProjection } from '../read-model/catalog.projection';
import { CATALOG_SCHEMA } from '../read-model/catalog.read-model';
import { CreateCatalogTables1764100000000 } from '../read-model/migrations/1764100000000-create-catalog-tables';
import { CatalogInstaller } from './catalog-installer';
import { InstallationGate } from './installation-gate';

const OPTIONS: CatalogOptions = {
  adminLogin: 'root@example.com',
  defaults: { priority: '---', severity: 'normal', platform: 'All', opSys: 'All' },
  useTargetMilestone: true,
  useQaContact: true,
  useStatusWhiteboard: true,
  useSeeAlso: true,
  useClassification: false,
  letSubmitterChoosePriority: true,
  letSubmitterChooseMilestone: true,
  commentOnDuplicate: false,
  mustHaveMilestoneOnAccept: false,
  noResolveOnOpenBlockers: false,
};

/** Identity as the installer meets it at start-up: not answering at first, then knowing the administrator. */
function startingIdentity(): { bus: MessageBus; asked: () => number } {
  let asked = 0;
  const bus: MessageBus = {
    request: <Result>(_subject: string, _request: ServiceRequest): Promise<Result> => {
      asked += 1;
      if (asked <= 2) return Promise.reject(new DomainError('internalError', 'identity could not be reached'));
      const result: LookupUsersResult = {
        users: [{ id: 7, login: 'Root@example.com', realName: 'Root', email: 'Root@example.com', canLogin: true }],
        unknownLogins: [],
        unknownIds: [],
      };
      return Promise.resolve(result as unknown as Result);
    },
  };
  return { bus, asked: () => asked };
}

async function replica(
  connection: SqlConnection,
  store: EventStore,
  bus: MessageBus,
): Promise<{ installer: CatalogInstaller; gate: InstallationGate; readModel: ReadModel }> {
  const readModel = await ReadModel.open(connection, store, {
    schema: CATALOG_SCHEMA,
    entities: [],
    migrations: [ProjectionCheckpoints1763800000000, CreateCatalogTables1764100000000],
    projections: [new CatalogProjection()],
  });
  await readModel.start();
  const gate = new InstallationGate();
  const commands = new CommandRunner(new CommandHandler(store, TRACKER_STREAMS), readModel, systemClock);
  const locks = new KeyedLocks(readModel.dataSource);
  return { installer: new CatalogInstaller(commands, locks, new IdentityClient(bus), gate, store, readModel, OPTIONS), gate, readModel };
}

function describeInstaller(name: string, createFixture: () => Promise<TestDatabase>): void {
  describe(`catalog installer: ${name}`, () => {
    let fixture: TestDatabase | undefined;
    let store: EventStore;

    beforeAll(async () => {
      Logger.overrideLogger(false);
      fixture = await createFixture();
      store = asServiceEventStore(await PostgresEventStore.create(fixture.connection, { pollIntervalMs: 50 }));
    });
    afterAll(async () => {
      await store.close();
      await fixture?.dispose();
    });

    it('installs every default exactly once when two replicas start together, and nothing on the next start', async () => {
      const identity = startingIdentity();
      const [one, two] = [await replica(fixture!.connection, store, identity.bus), await replica(fixture!.connection, store, identity.bus)];
      await Promise.all([one.installer.install(), two.installer.install()]);
      await Promise.all([one.gate.whenInstalled('t'), two.gate.whenInstalled('t')]);

      const events = await store.readAll();
      const perStream = new Map<string, number>();
      for (const event of events) perStream.set(event.streamName, (perStream.get(event.streamName) ?? 0) + 1);
      expect(perStream.get('catalog-installation')).toBe(1);
      expect(perStream.get('product-1')).toBe(4);
      expect(perStream.get('workflow')).toBe(5 + 15 + 1);
      expect(perStream.get('field-14')).toBe(1 + 6);
      expect([...perStream.keys()].filter((stream) => stream.startsWith('field-'))).toHaveLength(59);

      const sql = <T>(query: string): Promise<T[]> =>
        one.readModel.dataSource.query(query.replaceAll('S.', `${schemaOf(one.readModel.dataSource)}.`));
      expect(await sql('SELECT count(*)::int AS n FROM S.fields')).toEqual([{ n: 59 }]);
      expect(await sql('SELECT count(*)::int AS n FROM S.field_values')).toEqual([{ n: 28 }]);
      expect(await sql('SELECT name, default_assignee_id FROM S.components')).toEqual([{ name: 'TestComponent', default_assignee_id: 7 }]);
      expect(await sql(`SELECT nextval('S.product_ids')::int AS next`)).toEqual([{ next: 2 }]);

      const asked = identity.asked();
      const three = await replica(fixture!.connection, store, identity.bus);
      await three.installer.install();
      expect(identity.asked()).toBe(asked);
      expect((await store.readAll()).length).toBe(events.length);
      await Promise.all([one.readModel.close(), two.readModel.close(), three.readModel.close()]);
    });
  });
}

describeOnBothPostgres('catalog_install', describeInstaller);
