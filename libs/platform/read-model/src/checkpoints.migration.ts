import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from './schema';

/**
 * Every service schema holds its projections' checkpoints next to their rows, so that a
 * batch and its checkpoint commit together. Include it first in a service's migrations.
 */
export class ProjectionCheckpoints1763800000000 implements MigrationInterface {
  readonly name = 'ProjectionCheckpoints1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE ${schemaOf(runner)}.projection_checkpoints (name text PRIMARY KEY, position numeric(40, 0) NOT NULL DEFAULT 0)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE ${schemaOf(runner)}.projection_checkpoints`);
  }
}

/**
 * The platform's own column beside each checkpoint: the stream prefixes its projection
 * reads, written by the runner at start, read by `tracker projections status`. Added by
 * `ReadModel` after the service's migrations (idempotent), so that no service has to list
 * a migration of the platform's.
 */
export const CHECKPOINT_STREAMS_SQL = (schema: string): string =>
  `ALTER TABLE ${schema}.projection_checkpoints ADD COLUMN IF NOT EXISTS stream_prefixes text[]`;
