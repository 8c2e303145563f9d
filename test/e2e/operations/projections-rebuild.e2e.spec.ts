import { Client } from 'pg';
import { createTempDatabase, describeWithServers, type TempDatabase } from '@tracker/testing';
import { runProjections } from '../../../apps/tracker-cli/src/projections.command';
import { ADMIN, AttachmentsWorld, type Caller } from '../attachments/support/attachments-world';
import { type RunningTracker, startTracker } from '../../support/tracker';

const SERVICES = ['identity', 'catalog', 'bugs', 'comments', 'flags'];

/** md5 of every table's ordered rows, per schema: byte-identical read models have equal digests. */
async function digests(client: Client): Promise<Record<string, string>> {
  const tables = await client.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [SERVICES],
  );
  const result: Record<string, string> = {};
  for (const { schema, name } of tables.rows) {
    const { rows } = await client.query<{ rows: number; digest: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${schema}"."${name}" t`,
    );
    result[`${schema}.${name}`] = `${rows[0]?.rows} rows, md5 ${rows[0]?.digest}`;
  }
  return result;
}

/**
 * Waits until every projection's stored checkpoint is past the last event of its streams: a
 * batch a projection has nothing to write for moves its checkpoint only within a second
 * (docs/architecture.md, "Nothing sent for a batch with nothing to write").
 */
async function atRest(client: Client): Promise<void> {
  const behind = async (): Promise<string[]> => {
    const names: string[] = [];
    for (const schema of SERVICES) {
      const { rows } = await client.query<{ name: string }>(
        `SELECT c.name FROM "${schema}".projection_checkpoints c WHERE EXISTS (
           SELECT 1 FROM eventstore.events e WHERE e.position > c.position
             AND EXISTS (SELECT 1 FROM unnest(c.stream_prefixes) AS p(prefix) WHERE starts_with(e.stream_name, p.prefix)))`,
      );
      names.push(...rows.map((row) => `${schema}.${row.name}`));
    }
    return names;
  };
  for (const deadline = Date.now() + 10_000; (await behind()).length > 0;) {
    if (Date.now() > deadline) throw new Error(`projections still behind after 10 s: ${(await behind()).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `tracker projections rebuild all` against a running distributed Tracker on the real
 * PostgreSQL and NATS: every service rebuilds in a shadow schema and swaps it in, and every
 * table of every read model is byte-identical afterwards; the service answers meanwhile.
 */
describeWithServers(['postgres', 'nats'], 'tracker projections rebuild (distributed)', () => {
  let database: TempDatabase;
  let tracker: RunningTracker;
  let client: Client;
  const world = new AttachmentsWorld(() => tracker.baseUrl);
  let ann: Caller;
  let bugs: number[];

  beforeAll(async () => {
    database = await createTempDatabase('projections_rebuild');
    tracker = await startTracker('distributed', { TRACKER_DATABASE_URL: database.url });
    client = new Client({ connectionString: database.url });
    await client.connect();
    ann = await world.user('ann', [], 'Ann Rebuild');
    bugs = [await world.bug(ann, 'First to rebuild.'), await world.bug(ann, 'Second to rebuild.')];
    await world.attach(ann, bugs[0] ?? 0, 'some bytes', { comment: 'attached' });
    await world.ok(ann, 'PUT', `/bug/${bugs[1]}`, { summary: 'Second, renamed', comment: { body: 'renamed' } });
  }, 180_000);
  afterAll(async () => {
    await client?.end();
    await tracker?.stop();
    await database?.drop();
  });

  it('rebuilds every read model in a shadow, swaps it in, and leaves every table byte-identical', async () => {
    await atRest(client);
    const before = await digests(client);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['bugs.bugs', 'comments.projection_checkpoints', 'identity.migrations']));
    let out = '';
    let err = '';
    const code = await runProjections(
      ['rebuild', 'all'],
      () => Promise.resolve(client),
      { out: (text) => void (out += text), err: (text) => void (err += text) },
      () => Promise.resolve({ request: (subject, request) => tracker.request(subject, request.params, request.auth) }),
    );
    expect({ code, err }).toEqual({ code: 0, err: '' });
    for (const service of SERVICES) {
      expect(out).toContain(`rebuild ${service}: replaying the log into ${service}_shadow while ${service} serves\n`);
      expect(out).toMatch(new RegExp(`rebuild ${service}: swapped in, done in \\d+\\.\\d s\\n`));
    }
    expect(await digests(client)).toEqual(before);
    const shadows = await client.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE '%\\_shadow%'`);
    expect(shadows.rows).toEqual([]);

    // the services answer from the swapped read models, and status shows them caught up
    const bug = await world.ok<{ bugs: Array<{ summary: string }> }>(ADMIN, 'GET', `/bug/${bugs[1]}`);
    expect(bug.bugs[0]?.summary).toBe('Second, renamed');
    const status = { out: '' };
    expect(
      await runProjections(['status'], () => Promise.resolve(client), { out: (text) => void (status.out += text), err: () => undefined }),
    ).toBe(0);
    const lines = status.out
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => line.split(/\s+/));
    const lags = lines.filter(([schema]) => SERVICES.includes(schema ?? '')).map((cells) => cells.at(-2));
    expect(lags.length).toBeGreaterThanOrEqual(SERVICES.length);
    expect(new Set(lags)).toEqual(new Set(['0']));
  });
});
