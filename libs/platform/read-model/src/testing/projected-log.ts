import type { DomainEvent } from '@tracker/contracts';
import type { TestDatabase } from '@tracker/testing';
import { schemaOf } from '../schema';
import { openProjectionFixture, type ProjectionFixtureOptions } from './projection-fixture';

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

export type ProjectedLogOptions = Pick<ProjectionFixtureOptions, 'name' | 'migrations' | 'projections'>;

export async function openProjectedLog(database: TestDatabase, options: ProjectedLogOptions): Promise<ProjectedLog> {
  const { store, readModel, close } = await openProjectionFixture(database, options);
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
    close,
  };
}
