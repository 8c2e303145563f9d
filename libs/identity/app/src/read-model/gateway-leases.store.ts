import { liveSchemaOf, schemaOf } from '@tracker/platform/read-model';
import type { DataSource, QueryRunner } from 'typeorm';

/**
 * The leases' table, in a schema of its own beside the read model's: leases are state of the
 * running system, not derived from events, and a rebuild (which drops the read model's schema)
 * must not forget a gateway that still answers from its cache. A rebuild's shadow schema
 * shares the live service's leases (its migrations find the table there).
 */
export function gatewayLeasesTable(source: DataSource | QueryRunner): { readonly schema: string; readonly table: string } {
  const schema = `"${liveSchemaOf(schemaOf(source).slice(1, -1))}_leases"`;
  return { schema, table: `${schema}.gateway_leases` };
}

export interface LiveLease {
  readonly gatewayId: string;
  /** how long it still holds, by the database's clock */
  readonly remainingMs: number;
}

/**
 * The gateways' credential-cache leases, in the database every identity replica shares,
 * so that whichever replica carries out a change knows every gateway to tell. Times are
 * the database's (`now()`), never a replica's clock.
 */
export class GatewayLeaseStore {
  constructor(private readonly source: DataSource) {}

  private get table(): string {
    return gatewayLeasesTable(this.source).table;
  }

  async renew(gatewayId: string, leaseMs: number): Promise<void> {
    await this.source.query(
      `INSERT INTO ${this.table} (gateway_id, expires_at) VALUES ($1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (gateway_id) DO UPDATE SET expires_at = GREATEST(${this.table}.expires_at, EXCLUDED.expires_at)`,
      [gatewayId, leaseMs],
    );
  }

  async release(gatewayId: string): Promise<void> {
    await this.source.query(`DELETE FROM ${this.table} WHERE gateway_id = $1`, [gatewayId]);
  }

  async live(): Promise<LiveLease[]> {
    const rows: Array<{ gateway_id: string; remaining_ms: number | string }> = await this.source.query(
      `SELECT gateway_id, ceil(extract(epoch FROM expires_at - now()) * 1000) AS remaining_ms FROM ${this.table} WHERE expires_at > now()`,
    );
    return rows.map((row) => ({ gatewayId: row.gateway_id, remainingMs: Number(row.remaining_ms) }));
  }

  /** Leases long run out: gateways that stopped. */
  async forgetExpired(): Promise<void> {
    await this.source.query(`DELETE FROM ${this.table} WHERE expires_at < now() - interval '1 minute'`);
  }
}
