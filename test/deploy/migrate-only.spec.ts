import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { type TempDatabase, createTempDatabase, describeWithServers } from '@tracker/testing';
import { ROOT } from './support/kubectl';

/**
 * TRACKER_MIGRATE_ONLY=true, what the migration Job of an upgrade runs (deploy/k8s/base/
 * migrate-job.yaml): the service applies its migrations and exits 0, without NATS, without
 * starting its projections or its start-up work; run again, it has nothing left to apply.
 */
const run = promisify(execFile);

describeWithServers(['postgres'], 'a service with TRACKER_MIGRATE_ONLY=true', () => {
  let database: TempDatabase;
  beforeAll(async () => {
    database = await createTempDatabase('migrate_only');
  });
  afterAll(async () => database.drop());

  const migrate = (service: string): Promise<{ stdout: string; stderr: string }> =>
    run(process.execPath, [join(ROOT, `dist/apps/${service}/src/main.js`)], {
      cwd: ROOT,
      timeout: 60_000,
      env: {
        PATH: process.env['PATH'] ?? '',
        TRACKER_MIGRATE_ONLY: 'true',
        TRACKER_DATABASE_URL: database.url,
        TRACKER_EVENT_STORE: 'postgres',
        // nothing listens there: a migration run never connects to NATS
        TRACKER_NATS_URL: 'nats://127.0.0.1:1',
        TRACKER_ADMIN_PASSWORD: 'migrate-only-admin',
      },
    });

  async function query(sql: string): Promise<unknown[]> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<Record<string, unknown>>(sql)).rows;
    } finally {
      await client.end();
    }
  }

  it('applies the migrations of its read model and of the event store, and exits 0 having changed nothing else', async () => {
    const { stdout } = await migrate('identity');
    // a distributed process logs JSON lines by default (TRACKER_LOG_FORMAT)
    expect(stdout).toMatch(
      /"context":"ReadModel identity","msg":"[^"]*applied migrations: ProjectionCheckpoints\d+, CreateIdentityTables\d+/,
    );
    expect(stdout).toMatch(/identity: migrations applied, exiting \(TRACKER_MIGRATE_ONLY\)/);
    expect(await query(`SELECT name FROM identity.migrations ORDER BY id`)).toEqual([
      { name: expect.stringMatching(/^ProjectionCheckpoints\d+$/) },
      { name: expect.stringMatching(/^CreateIdentityTables\d+$/) },
      { name: expect.stringMatching(/^CreateGatewayLeases\d+$/) },
    ]);
    // the installation (administrator, groups) is start-up work: not done, no event appended
    expect(await query(`SELECT count(*)::int AS events FROM eventstore.events`)).toEqual([{ events: 0 }]);
    expect(await query(`SELECT count(*)::int AS checkpoints FROM identity.projection_checkpoints`)).toEqual([{ checkpoints: 0 }]);
  }, 90_000);

  it('run again, applies nothing and exits 0', async () => {
    const { stdout } = await migrate('identity');
    expect(stdout).not.toMatch(/applied migrations/);
    expect(stdout).toMatch(/identity: migrations applied, exiting/);
  }, 90_000);

  it('given a database it cannot reach, then it fails (the Job fails and the upgrade stops)', async () => {
    const failed = run(process.execPath, [join(ROOT, 'dist/apps/bugs/src/main.js')], {
      cwd: ROOT,
      timeout: 60_000,
      env: {
        PATH: process.env['PATH'] ?? '',
        TRACKER_MIGRATE_ONLY: 'true',
        TRACKER_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
        TRACKER_EVENT_STORE: 'postgres',
      },
    });
    await expect(failed).rejects.toMatchObject({ code: 1 });
  }, 90_000);
});
