import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { postgresConnection, type SqlConnection } from '@tracker/platform/sql';
import { TEST_SERVER_URLS } from './test-servers';

export interface TempDatabase {
  readonly name: string;
  readonly url: string;
  readonly connection: SqlConnection;
  drop(): Promise<void>;
}

/**
 * A fresh database on the real PostgreSQL server, so that test files never share state;
 * with `template`, a copy of that database (which nobody may be connected to).
 */
export async function createTempDatabase(label = 'test', template?: TempDatabase): Promise<TempDatabase> {
  const name = `tracker_${label.replace(/[^a-z0-9]/g, '_')}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template.name}` : ''}`));
  const url = new URL(TEST_SERVER_URLS.postgres);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    connection: postgresConnection(url.toString()),
    drop: () => withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function withAdminClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_SERVER_URLS.postgres });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
