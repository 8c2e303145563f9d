import { sleep } from '@tracker/testing';
import { type RunningTracker, startTracker } from '../../support/tracker';
import { ADMIN, ANONYMOUS, TrackerWorld, errorOf } from '../../support/world';

/**
 * Issue 13, item 5: the embedded PostgreSQL of `npm start` is a worker thread; when it
 * dies under load, it is started again on the same data, the tracker recovers by itself,
 * every request in between gets a retryable 503 (never a 500), and nothing that was
 * acknowledged is lost.
 */
describe('embedded storage whose worker dies under load [embedded]', () => {
  let tracker: RunningTracker | undefined;
  const world = new TrackerWorld(() => tracker?.baseUrl ?? '');

  beforeAll(async () => {
    tracker = await startTracker('embedded');
  }, 120_000);
  afterAll(async () => {
    await tracker?.stop();
  });

  it('restarts the worker, answers 503 meanwhile, and keeps every acknowledged write', async () => {
    const running = tracker!;
    const acknowledged: string[] = [];
    const refused: Array<{ status: number; code: number }> = [];
    const writer = async (name: string): Promise<void> => {
      for (let i = 0; i < 40; i++) {
        const group = `load-${name}-${i}-${world.suffix}`;
        const response = await world.call(ADMIN, 'POST', '/group', { name: group, description: `written by ${name}` });
        if (response.status === 201) acknowledged.push(group);
        else {
          refused.push(errorOf(response));
          await sleep(100);
        }
      }
    };
    const reader = async (): Promise<void> => {
      for (let i = 0; i < 40; i++) {
        const response = await world.call(ANONYMOUS, 'GET', '/product?names=TestProduct&include_fields=name');
        if (response.status !== 200) refused.push(errorOf(response));
        await sleep(50);
      }
    };
    const load = Promise.all([writer('a'), writer('b'), writer('c'), reader()]);
    await sleep(400);
    await running.embeddedPostgres().kill();
    await load;

    expect(running.embeddedPostgres().restarts).toBe(1);
    expect(refused.filter((answer) => !(answer.status === 503 && answer.code === 100503))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);

    // every acknowledged group is there, and the tracker works as before
    const names = acknowledged.map((group) => `names=${encodeURIComponent(group)}`).join('&');
    const { groups } = await world.ok<{ groups: Array<{ name: string }> }>(ADMIN, 'GET', `/group?${names}&include_fields=name`);
    expect(groups.map((group) => group.name).sort()).toEqual([...acknowledged].sort());
    // healed, not at once: a projection or connection in its retry back-off (at most 2 s) reports itself until it is back
    expect(await healthOnceHealed()).toMatchObject({ status: 'ok' });
    const after = await world.ok<{ id: number }>(
      ADMIN,
      'POST',
      '/group',
      { name: `after-${world.suffix}`, description: 'after the restart' },
      201,
    );
    expect(after.id).toBeGreaterThan(0);
  }, 120_000);

  /** /health once it says ok, or its last answer after 15 s */
  async function healthOnceHealed(): Promise<unknown> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const health = await world.ok<{ status: string }>(ANONYMOUS, 'GET', '/health');
      if (health.status === 'ok' || Date.now() > deadline) return health;
      await sleep(200);
    }
  }
});
