import { schemaOf } from '@tracker/platform/read-model';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gateways that may answer from their credential cache, until when (the database's
 * clock). Like `login_failures`, state of the running system, written directly and never
 * from events; a rebuild empties it and the gateways' next renewals, seconds later, fill it.
 */
export class CreateGatewayLeases1764900000000 implements MigrationInterface {
  readonly name = 'CreateGatewayLeases1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE ${schemaOf(runner)}.gateway_leases (gateway_id text PRIMARY KEY, expires_at timestamptz NOT NULL)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE ${schemaOf(runner)}.gateway_leases`);
  }
}
