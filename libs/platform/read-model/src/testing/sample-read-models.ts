import { randomUUID } from 'node:crypto';
import { type EventStore, PostgresEventStore } from '@tracker/platform/event-store';
import { EmbeddedPostgres, type SqlConnection } from '@tracker/platform/sql';
import { createTempDatabase, describeWithServers } from '@tracker/testing';
import { ProjectionCheckpoints1763800000000 } from '../checkpoints.migration';
import type { Projection } from '../projection';
import { ReadModel, type ReadModelOptions } from '../read-model';
import { CreateStreamStats1763800000001, StreamStats, StreamStatsProjection } from './sample-read-model';

/** What a read model suite works with: an event store, and fresh sample read models on the same database. */
export interface SampleReadModels {
  readonly store: EventStore;
  /** a read model of the sample table in `schema`, projecting streams of `prefix` */
  open(schema: string, prefix: string, options?: Partial<ReadModelOptions>): Promise<ReadModel>;
  rows(readModel: ReadModel): Promise<StreamStats[]>;
  /** a schema and a stream prefix no other test uses */
  fresh(): { schema: string; prefix: string };
}

interface Database {
  readonly connection: SqlConnection;
  readonly dispose: () => Promise<void>;
}

/**
 * Declares `body` for embedded PGlite and, when it answers, the real PostgreSQL server;
 * `projection` builds each read model's projection (the sample's by default).
 */
export function describeOnBothDatabases(
  title: string,
  body: (world: () => SampleReadModels) => void,
  projection: (prefix: string) => Projection = (prefix) => new StreamStatsProjection([prefix]),
): void {
  const suite = (database: () => Promise<Database>) => (): void => {
    let opened: Database | undefined;
    let world: SampleReadModels | undefined;
    beforeAll(async () => {
      opened = await database();
      const store = await PostgresEventStore.create(opened.connection, { pollIntervalMs: 100 });
      const connection = opened.connection;
      world = {
        store,
        open: (schema, prefix, options = {}) =>
          ReadModel.open(connection, store, {
            schema,
            entities: [StreamStats],
            migrations: [ProjectionCheckpoints1763800000000, CreateStreamStats1763800000001],
            projections: [projection(prefix)],
            ...options,
          }),
        rows: (readModel) => readModel.dataSource.getRepository(StreamStats).find({ order: { streamName: 'ASC' } }),
        fresh: () => {
          const id = randomUUID().slice(0, 8);
          return { schema: `rm_${id}`, prefix: `s${id}-` };
        },
      };
    });
    afterAll(async () => {
      await world?.store.close();
      await opened?.dispose();
    });
    body(() => {
      if (!world) throw new Error('the database is not open');
      return world;
    });
  };
  describe(
    `${title}: embedded PGlite`,
    suite(async () => {
      const embedded = await EmbeddedPostgres.start(undefined);
      return { connection: embedded.connection(), dispose: () => embedded.stop() };
    }),
  );
  describeWithServers(
    ['postgres'],
    `${title}: real PostgreSQL`,
    suite(async () => {
      const database = await createTempDatabase('readmodel');
      return { connection: database.connection, dispose: () => database.drop() };
    }),
  );
}
