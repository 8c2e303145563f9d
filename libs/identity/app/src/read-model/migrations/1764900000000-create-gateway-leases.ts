import type { MigrationInterface, QueryRunner } from 'typeorm';
import { gatewayLeasesTable } from '../gateway-leases.store';

/**
 * The gateways that may answer from their credential cache, until when (the database's
 * clock). Like `login_failures`, state of the running system, written directly and never
 * from events. In a schema of its own, which a rebuild keeps: a rebuild that emptied it would
 * leave gateways answering from their caches unknown to identity, so not told of a change.
 */
export class CreateGatewayLeases1764900000000 implements MigrationInterface {
  readonly name = 'CreateGatewayLeases1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    const { schema, table } = gatewayLeasesTable(runner);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await runner.query(`CREATE TABLE IF NOT EXISTS ${table} (gateway_id text PRIMARY KEY, expires_at timestamptz NOT NULL)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP SCHEMA IF EXISTS ${gatewayLeasesTable(runner).schema} CASCADE`);
  }
}
