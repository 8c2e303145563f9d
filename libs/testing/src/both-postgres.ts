import { EmbeddedPostgres, type SqlConnection } from '@tracker/platform/sql';
import { createTempDatabase } from './temp-database';
import { describeWithServers } from './test-servers';

/** A database a suite runs on, and how to let go of it. */
export interface TestDatabase {
  readonly connection: SqlConnection;
  dispose(): Promise<void>;
}

/**
 * Declares a suite on both kinds of PostgreSQL Tracker runs on: embedded PGlite, and a
 * fresh database of the real server (skipped, loudly, where there is none). `suite` gets
 * the target's name and how to open a database there; `label` names the real databases.
 */
export function describeOnBothPostgres(label: string, suite: (target: string, open: () => Promise<TestDatabase>) => void): void {
  suite('embedded PGlite', async () => {
    const embedded = await EmbeddedPostgres.start(undefined);
    return { connection: embedded.connection(), dispose: () => embedded.stop() };
  });
  describeWithServers(['postgres'], `${label} on the real PostgreSQL server`, () => {
    suite('real PostgreSQL', async () => {
      const database = await createTempDatabase(label);
      return { connection: database.connection, dispose: () => database.drop() };
    });
  });
}
