import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { CHECKPOINT_STREAMS_SQL } from './checkpoints.migration';
import { BATCH_FOLLOWS_SQL } from './one-statement-batch';
import { schemaOf } from './schema';

/**
 * Creates the data source's schema and runs its pending migrations, one process at a time
 * (an advisory lock per schema): the live read model at start, its shadow at a rebuild.
 */
export async function migrateSchema(dataSource: DataSource, logger: Logger): Promise<void> {
  const schema = schemaOf(dataSource);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate ${schema}`]);
    try {
      await runner.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      if (applied.length > 0) logger.log(`applied migrations: ${applied.map((m) => m.name).join(', ')}`);
      await runner.query(CHECKPOINT_STREAMS_SQL(schema));
      await runner.query(BATCH_FOLLOWS_SQL(schema));
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate ${schema}`]);
    }
  } finally {
    await runner.release();
  }
}
