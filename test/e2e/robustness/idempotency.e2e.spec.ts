import type { EventStore } from '@tracker/platform/event-store';
import { type HttpResponse, http, jsonCall } from '@tracker/testing';
import { describeInBothModes } from '../../support/modes';
import { ADMIN, type Caller, errorOf } from '../../support/world';
import { BugsWorld } from '../bugs/support/bugs-world';

/**
 * Issue 17, item 3: a POST or PUT with an Idempotency-Key runs at most once. Its retry gets
 * the first reply (marked Idempotency-Replayed) and calls nothing; the key with another
 * request is refused (422); keys are their caller's alone and outlive a restart.
 */
describeInBothModes('Idempotency-Key', (tracker, mode) => {
  const world = new BugsWorld(() => tracker().baseUrl);
  let store: EventStore;
  let product: string;
  let alice: Caller;

  const keyed = (caller: Caller, key: string, method: string, path: string, body: unknown): Promise<HttpResponse> =>
    http(tracker().baseUrl, `/rest${path}`, jsonCall(method, body, { ...caller.headers, 'idempotency-key': key }));
  const newBug = (summary: string): Record<string, unknown> => ({
    product,
    component: 'Main',
    version: '1.0',
    op_sys: 'All',
    platform: 'All',
    summary,
    description: 'Steps to reproduce.',
  });
  /** The call's answer, checking that it appended nothing to the log. */
  const appendsNothing = async (call: () => Promise<HttpResponse>): Promise<HttpResponse> => {
    const before = await store.lastPosition();
    const response = await call();
    expect(await store.lastPosition()).toBe(before);
    return response;
  };
  const bugsNamed = async (summary: string): Promise<number[]> =>
    (await world.ok<{ bugs: Array<{ id: number }> }>(ADMIN, 'GET', `/bug?summary=${encodeURIComponent(summary)}`)).bugs.map(
      (bug) => bug.id,
    );

  beforeAll(async () => {
    store = await tracker().eventStore();
    product = await world.product('Idempotent');
    alice = await world.user('alice', ['editbugs']);
  }, 60_000);

  it('creates one bug for a POST sent twice with one key; the retry gets the same status and body, marked as a replay', async () => {
    const summary = `retried create ${world.suffix}`;
    const first = await keyed(ADMIN, `create-${world.suffix}`, 'POST', '/bug', newBug(summary));
    expect(first.status).toBe(200);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const retry = await appendsNothing(() => keyed(ADMIN, `create-${world.suffix}`, 'POST', '/bug', newBug(summary)));
    expect([retry.status, retry.text, retry.headers['idempotency-replayed']]).toEqual([200, first.text, 'true']);
    expect(await bugsNamed(summary)).toEqual([first.json<{ id: number }>().id]);
  }, 30_000);

  it('refuses the key with a different body (422, 32002) and creates nothing', async () => {
    const summary = `changed body ${world.suffix}`;
    await keyed(ADMIN, `changed-${world.suffix}`, 'POST', '/bug', newBug(summary));
    const refused = await appendsNothing(() => keyed(ADMIN, `changed-${world.suffix}`, 'POST', '/bug', newBug(`${summary} 2`)));
    expect(errorOf(refused)).toEqual({
      status: 422,
      code: 32002,
      message: `The Idempotency-Key 'changed-${world.suffix}' was used for a different request; use a new key for a new request. Nothing was done.`,
    });
    expect(await bugsNamed(`${summary} 2`)).toEqual([]);
  }, 30_000);

  it('replays a PUT without applying it again, even after a later change', async () => {
    const id = await world.bug(ADMIN, product, { summary: `before ${world.suffix}` });
    const update = { summary: `keyed ${world.suffix}` };
    const first = await keyed(ADMIN, `update-${world.suffix}`, 'PUT', `/bug/${id}`, update);
    expect(first.status).toBe(200);
    await world.ok(ADMIN, 'PUT', `/bug/${id}`, { summary: `later ${world.suffix}` });
    const retry = await appendsNothing(() => keyed(ADMIN, `update-${world.suffix}`, 'PUT', `/bug/${id}`, update));
    expect([retry.status, retry.text, retry.headers['idempotency-replayed']]).toEqual([200, first.text, 'true']);
    const bug = await world.ok<{ bugs: Array<{ summary: string }> }>(ADMIN, 'GET', `/bug/${id}`);
    expect(bug.bugs[0]?.summary).toBe(`later ${world.suffix}`);
  }, 30_000);

  it("keeps a key its caller's alone: another user's request with it is served as new", async () => {
    const summary = `two callers ${world.suffix}`;
    const mine = await keyed(ADMIN, `shared-${world.suffix}`, 'POST', '/bug', newBug(summary));
    const theirs = await keyed(alice, `shared-${world.suffix}`, 'POST', '/bug', newBug(summary));
    expect([mine.status, theirs.status, theirs.headers['idempotency-replayed']]).toEqual([200, 200, undefined]);
    const ids = [mine.json<{ id: number }>().id, theirs.json<{ id: number }>().id];
    expect(ids[0]).not.toBe(ids[1]);
    expect((await bugsNamed(summary)).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  }, 30_000);

  it('replays a refusal as it was, and refuses an empty or over-long key (400, 32001) before anything runs', async () => {
    const refusal = await keyed(ADMIN, `refused-${world.suffix}`, 'PUT', '/bug/999999999', { summary: 'x' });
    const again = await appendsNothing(() => keyed(ADMIN, `refused-${world.suffix}`, 'PUT', '/bug/999999999', { summary: 'x' }));
    expect([again.status, again.text, again.headers['idempotency-replayed']]).toEqual([refusal.status, refusal.text, 'true']);
    expect(refusal.status).toBe(404);
    for (const key of ['', 'k'.repeat(256)]) {
      const refused = await appendsNothing(() => keyed(ADMIN, key, 'POST', '/bug', newBug(`bad key ${world.suffix}`)));
      expect(errorOf(refused)).toEqual({
        status: 400,
        code: 32001,
        message: `An Idempotency-Key has 1 to 255 characters; the one given has ${key.length}. Nothing was done.`,
      });
    }
    expect(await bugsNamed(`bad key ${world.suffix}`)).toEqual([]);
  }, 30_000);

  it('serves one of two concurrent first requests with one key; the other is told to retry (409) or gets the replay', async () => {
    const summary = `concurrent ${world.suffix}`;
    const answers = await Promise.all([1, 2, 3].map(() => keyed(ADMIN, `concurrent-${world.suffix}`, 'POST', '/bug', newBug(summary))));
    const created = answers.filter((answer) => answer.status === 200 && answer.headers['idempotency-replayed'] === undefined);
    expect(created).toHaveLength(1);
    for (const other of answers.filter((answer) => !created.includes(answer))) {
      if (other.status === 200) expect([other.text, other.headers['idempotency-replayed']]).toEqual([created[0]?.text, 'true']);
      else expect([errorOf(other).status, errorOf(other).code, other.headers['retry-after']]).toEqual([409, 32003, '10']);
    }
    expect(await bugsNamed(summary)).toEqual([created[0]?.json<{ id: number }>().id]);
  }, 30_000);

  if (mode === 'distributed') {
    it('releases the key when the service said nothing was done (503, 100503): the retry runs', async () => {
      const summary = `after an outage ${world.suffix}`;
      await tracker().processes.get('bugs')?.stop();
      const refused = await keyed(ADMIN, `outage-${world.suffix}`, 'POST', '/bug', newBug(summary));
      expect([errorOf(refused).status, errorOf(refused).code]).toEqual([503, 100503]);
      await tracker().restart();
      store = await tracker().eventStore();
      const retry = await keyed(ADMIN, `outage-${world.suffix}`, 'POST', '/bug', newBug(summary));
      expect([retry.status, retry.headers['idempotency-replayed']]).toEqual([200, undefined]);
      expect(await bugsNamed(summary)).toEqual([retry.json<{ id: number }>().id]);
    }, 120_000);
  }

  it('keeps keys across a restart', async () => {
    const summary = `across restart ${world.suffix}`;
    const first = await keyed(ADMIN, `restart-${world.suffix}`, 'POST', '/bug', newBug(summary));
    await tracker().restart();
    store = await tracker().eventStore();
    const retry = await appendsNothing(() => keyed(ADMIN, `restart-${world.suffix}`, 'POST', '/bug', newBug(summary)));
    expect([retry.status, retry.text, retry.headers['idempotency-replayed']]).toEqual([200, first.text, 'true']);
    expect(await bugsNamed(summary)).toEqual([first.json<{ id: number }>().id]);
  }, 120_000);
});
