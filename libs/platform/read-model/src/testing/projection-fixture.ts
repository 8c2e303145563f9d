import { randomUUID } from 'node:crypto';
import { type EventStore, PostgresEventStore } from '@tracker/platform/event-store';
import type { TestDatabase } from '@tracker/testing';
import type { MigrationInterface } from 'typeorm';
import { ProjectionCheckpoints1763800000000 } from '../checkpoints.migration';
import type { Projection } from '../projection';
import { ReadModel } from '../read-model';

/**
 * A service's real read model, started, over a real event store on a test database: what a
 * projection spec appends to and reads from (given events, then rows), on PGlite and on the
 * real PostgreSQL. `close` lets go of the read model, the store and the database.
 */
export interface ProjectionFixture {
  readonly store: EventStore;
  readonly readModel: ReadModel;
  close(): Promise<void>;
}

export interface ProjectionFixtureOptions {
  /** the schema's prefix: each fixture gets `<name>_<random>`, so suites never meet */
  readonly name: string;
  /** the exact schema instead, for specs whose SQL names it */
  readonly schema?: string;
  /** the read model's own migrations (the checkpoints' are added first) */
  readonly migrations: readonly (new () => MigrationInterface)[];
  readonly projections: readonly Projection[];
  readonly pollIntervalMs?: number;
}

export async function openProjectionFixture(database: TestDatabase, options: ProjectionFixtureOptions): Promise<ProjectionFixture> {
  const store = await PostgresEventStore.create(database.connection, { pollIntervalMs: options.pollIntervalMs ?? 50 });
  const readModel = await ReadModel.open(database.connection, store, {
    schema: options.schema ?? `${options.name}_${randomUUID().slice(0, 8)}`,
    entities: [],
    migrations: [ProjectionCheckpoints1763800000000, ...options.migrations],
    projections: [...options.projections],
  });
  await readModel.start();
  return {
    store,
    readModel,
    close: async () => {
      await readModel.close();
      await store.close();
      await database.dispose();
    },
  };
}
