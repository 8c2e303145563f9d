import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@tracker/contracts';
import { type EventStore, PostgresEventStore } from '@tracker/platform/event-store';
import type { TestDatabase } from '@tracker/testing';
import type { MigrationInterface } from 'typeorm';
import { ProjectionCheckpoints1763800000000 } from '../checkpoints.migration';
import type { Projection } from '../projection';
import { ReadModel } from '../read-model';
import { schemaOf } from '../schema';

/**
 * A service's real read model over a real event store, for specs that append what a decider
 * accepted and read back what the projection made of it (issue 13's limit properties).
 */
export interface ProjectedLog {
  /** appends the events to the stream and waits until the read model has applied them; throws what the projection threw */
  append(stream: string, events: readonly DomainEvent[]): Promise<void>;
  /** runs SQL where `S.` names the read model's schema */
  query<T>(sql: string, parameters?: readonly unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface ProjectedLogOptions {
  readonly name: string;
  readonly migrations: readonly (new () => MigrationInterface)[];
  readonly projections: readonly Projection[];
}

export async function openProjectedLog(database: TestDatabase, options: ProjectedLogOptions): Promise<ProjectedLog> {
  const store: EventStore = await PostgresEventStore.create(database.connection, { pollIntervalMs: 50 });
  const readModel = await ReadModel.open(database.connection, store, {
    schema: `${options.name}_${randomUUID().slice(0, 8)}`,
    entities: [],
    migrations: [ProjectionCheckpoints1763800000000, ...options.migrations],
    projections: [...options.projections],
  });
  await readModel.start();
  let clock = 0;
  return {
    append: async (stream, events) => {
      clock += 1;
      const occurredAt = new Date(Date.UTC(2026, 10, 25, 4, 0, 0, clock)).toISOString();
      const metadata = { actor: null, occurredAt, correlationId: 'limits', causationId: 'limits' };
      await store.appendToStream(
        stream,
        events.map((event) => ({ ...event, schemaVersion: 1, metadata })),
        { expectedRevision: 'any' },
      );
      await readModel.catchUp();
    },
    query: <T>(sql: string, parameters: readonly unknown[] = []): Promise<T[]> =>
      readModel.dataSource.query(sql.replaceAll('S.', `${schemaOf(readModel.dataSource)}.`), [...parameters]),
    close: async () => {
      await readModel.close();
      await store.close();
      await database.dispose();
    },
  };
}
