import { Client } from 'pg';
import { http } from '@tracker/testing';
import { TEST_ADMIN } from '../support/admin';
import { ADMIN } from '../support/world';
import { BugsWorld } from '../e2e/bugs/support/bugs-world';
import { type FaultTracker, startFaultTracker, waitForHealthy } from './support/fault-tracker';
import { Load } from './support/load';
import { type FaultReport, measure, printReports, timeline } from './support/fault-report';

/**
 * Issue 17, item 5: under a create/update load whose clients retry with Idempotency-Key,
 * kill -9 the bugs service, the gateway, identity, NATS, and stop PostgreSQL at once;
 * start each again after a few seconds, with no other step, and check that no
 * acknowledged write is lost or duplicated, no read model is stale and the load is back
 * to full speed within 10 s of the restart. Everything runs on a NATS server and a
 * PostgreSQL cluster of this test's own (never the shared 4222/5432).
 */
const DOWN_MS = 3000;
const BASELINE_MS = 4000;
const RECOVERY_LIMIT_S = 10;
/** a fault's test: a process restarted on a busy shared machine may take a minute or two to start */
const FAULT_TEST_MS = 240_000;

describe('faults heal by themselves (distributed mode, own NATS and PostgreSQL)', () => {
  let tracker: FaultTracker;
  let world: BugsWorld;
  let load: Load;
  const reports: FaultReport[] = [];

  beforeAll(async () => {
    tracker = await startFaultTracker();
    world = new BugsWorld(() => tracker.baseUrl);
    const product = await world.product('Faults');
    const bugs = [await world.bug(ADMIN, product), await world.bug(ADMIN, product)];
    load = new Load(tracker.baseUrl, ADMIN.headers, product, `fault ${world.suffix}`);
    load.start(4, bugs);
  }, 240_000);

  afterAll(async () => {
    await load?.stop();
    printReports(reports);
    await tracker?.stop();
  }, FAULT_TEST_MS);

  /** Runs one fault: `down` at once, `up` after DOWN_MS; measures until full speed (or the limit). */
  async function fault(name: string, down: () => Promise<void> | void, up: () => Promise<void> | void, during?: () => Promise<void>) {
    await sleep(BASELINE_MS);
    const faultAt = Date.now();
    await down();
    await during?.();
    await sleep(Math.max(0, faultAt + DOWN_MS - Date.now()));
    await up();
    const restartedAt = Date.now();
    const report = await measure(load, name, faultAt, restartedAt, BASELINE_MS, RECOVERY_LIMIT_S);
    reports.push(report);
    if (report.backToFullSpeedS === undefined || report.backToFullSpeedS > RECOVERY_LIMIT_S)
      throw new Error(
        `${name}: not back to full speed within ${RECOVERY_LIMIT_S} s: ${JSON.stringify(report)}\n` +
          `the load by second from ${BASELINE_MS / 1000} s before the fault (restarted at ${((restartedAt - faultAt) / 1000).toFixed(1)} s after it):\n` +
          `${timeline(load, faultAt - BASELINE_MS)}\n${tracker.output()}`,
      );
    await waitForHealthy(tracker.baseUrl, 30_000);
  }

  it(
    'kill -9 of the bugs service',
    () =>
      fault(
        'bugs killed',
        () => tracker.kill('bugs'),
        () => tracker.start('bugs'),
      ),
    FAULT_TEST_MS,
  );

  it(
    'kill -9 of the gateway',
    () =>
      fault(
        'gateway killed',
        () => tracker.kill('gateway'),
        () => tracker.start('gateway'),
      ),
    FAULT_TEST_MS,
  );

  it(
    'kill -9 of identity: a cached API key still works, a password login gets 503; all normal once it is back',
    async () => {
      const login = `/rest/login?login=${encodeURIComponent(TEST_ADMIN.login)}&password=${encodeURIComponent(TEST_ADMIN.password)}`;
      await fault(
        'identity killed',
        () => tracker.kill('identity'),
        () => tracker.start('identity'),
        async () => {
          await sleep(1000);
          const cached = await http(tracker.baseUrl, '/rest/whoami', { headers: ADMIN.headers });
          expect([cached.status, cached.json<{ name: string }>().name]).toEqual([200, TEST_ADMIN.login]);
          const password = await http(tracker.baseUrl, login);
          expect([password.status, password.json<{ code: number }>().code]).toEqual([503, 100503]);
        },
      );
      const again = await http(tracker.baseUrl, login);
      expect(again.status).toBe(200);
    },
    FAULT_TEST_MS,
  );

  it(
    'kill -9 of NATS',
    () =>
      fault(
        'NATS killed',
        () => tracker.nats.kill(),
        () => tracker.nats.start(),
      ),
    FAULT_TEST_MS,
  );

  it(
    'PostgreSQL stopped at once (pg_ctl -m immediate)',
    () =>
      fault(
        'PostgreSQL stopped',
        () => tracker.postgres.stopImmediately(),
        () => tracker.postgres.start(),
      ),
    FAULT_TEST_MS,
  );

  it('lost no acknowledged write, duplicated none, and left no read model stale', async () => {
    await load.stop();
    expect(load.unfinished).toEqual([]);
    const shown = await world.ok<{ bugs: Array<{ id: number; summary: string; whiteboard: string }> }>(
      ADMIN,
      'GET',
      `/bug?summary=${encodeURIComponent(load.tag)}&include_fields=id,summary,whiteboard&limit=0`,
    );
    const created = shown.bugs.filter((bug) => bug.summary.startsWith(`${load.tag} c`));
    const summaries = created.map((bug) => bug.summary);
    const duplicated = summaries.filter((summary, i) => summaries.indexOf(summary) !== i);
    const history = load.attempts.filter((attempt) => duplicated.some((summary) => attempt.what.startsWith(`${summary} `)));
    expect({ duplicated, history }).toEqual({ duplicated: [], history: [] }); // no duplicate
    const byId = new Map(created.map((bug) => [bug.id, bug.summary]));
    const lost = [...load.created].filter(([summary, id]) => byId.get(id) !== summary);
    expect(lost).toEqual([]);
    expect(load.created.size).toBeGreaterThan(50);

    const database = new Client({ connectionString: tracker.postgres.url });
    await database.connect();
    try {
      const logged = await database.query<{ summary: string }>(
        `SELECT data->'fields'->>'summary' AS summary FROM eventstore.events WHERE type = 'BugCreated' AND data->'fields'->>'summary' LIKE $1`,
        [`${load.tag} c%`],
      );
      expect(logged.rows.map((row) => row.summary).sort()).toEqual([...summaries].sort()); // the read model shows the log
    } finally {
      await database.end();
    }
    for (const [bug, whiteboards] of load.updated) {
      const [shownBug] = (await world.ok<{ bugs: Array<{ whiteboard: string }> }>(ADMIN, 'GET', `/bug/${bug}?include_fields=whiteboard`))
        .bugs;
      expect(shownBug?.whiteboard).toBe(whiteboards.at(-1));
    }
  }, 120_000);
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
