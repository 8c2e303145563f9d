import type { NodeProcess } from '@tracker/testing';
import { describeWithServers, http } from '@tracker/testing';
import { type RunningTracker, startTracker } from '../../support/tracker';
import { ADMIN, TrackerWorld } from '../../support/world';

/**
 * Replicas and lifecycle (docs/operations-guide.md, "Lifecycle"), distributed mode only:
 * what is tested is processes, NATS queue groups and signals. One tracker serves the
 * three cases, in order: started in reverse order; then with a second replica of bugs
 * and of comments under a concurrent load; then one bugs replica stopped by SIGTERM
 * under load.
 */
describeWithServers(['postgres', 'nats'], 'replicas and lifecycle [distributed]', () => {
  let running: RunningTracker | undefined;
  const tracker = (): RunningTracker => {
    if (!running) throw new Error('Tracker is not running');
    return running;
  };
  const world = new TrackerWorld(() => tracker().baseUrl);
  const CLIENTS = 6;

  beforeAll(async () => {
    // the reverse of the dependencies: the gateway first, identity (everyone's callers' identity) last
    running = await startTracker(
      'distributed',
      { TRACKER_METRICS_PORT: '0' },
      { startOrder: ['gateway', 'mailer', 'flags', 'comments', 'bugs', 'catalog', 'identity'], startDelayMs: 1000 },
    );
  }, 180_000);
  afterAll(async () => {
    await running?.stop();
  });

  const bugBody = (summary: string): Record<string, unknown> => ({
    product: 'TestProduct',
    component: 'TestComponent',
    version: 'unspecified',
    op_sys: 'All',
    platform: 'All',
    summary,
    description: `${summary}: described`,
  });

  /** The sum of a service process's samples of `series` (any labels that include `labels`), from its own /metrics: each replica counts its own. */
  const countOf = async (process: NodeProcess, series: string, labels: string): Promise<number> => {
    const [, port] = await process.waitFor(/serves metrics on http:\/\/0\.0\.0\.0:(\d+)\/metrics/);
    const metrics = await http(`http://127.0.0.1:${port}`, '/metrics');
    return metrics.text
      .split('\n')
      .filter((line) => line.startsWith(`${series}{`) && line.includes(labels))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  };
  /** Events a bugs process appended: a bug's creation, its update and a comment on it (the comments service asks bugs to add it) */
  const appendsOf = (process: NodeProcess): Promise<number> =>
    countOf(process, 'tracker_event_store_append_duration_seconds_count', 'outcome="ok"');
  /** Comments a comments process added (by asking bugs to append them) */
  const commentsAddedBy = (process: NodeProcess): Promise<number> =>
    countOf(process, 'tracker_nats_request_duration_seconds_count', 'subject="bugs.comment.add",outcome="ok"');

  const processNamed = (name: string): NodeProcess => {
    const found = tracker().processes.get(name);
    if (!found) throw new Error(`no process ${name}`);
    return found;
  };

  it('starts in any order: the gateway first and identity last, each waiting for what it needs; then healthy, it files a bug', async () => {
    expect([...tracker().processes.keys()]).toEqual(['gateway', 'mailer', 'flags', 'comments', 'bugs', 'catalog', 'identity']);
    const health = await http(tracker().baseUrl, '/rest/health');
    expect(health.json()).toEqual({
      status: 'ok',
      services: { identity: 'ok', catalog: 'ok', bugs: 'ok', comments: 'ok', flags: 'ok', mailer: 'ok' },
    });
    const { id } = await world.ok<{ id: number }>(ADMIN, 'POST', '/bug', bugBody(`any order ${world.suffix}`));
    const read = await world.ok<{ bugs: Array<{ id: number; summary: string }> }>(ADMIN, 'GET', `/bug/${id}?include_fields=id,summary`);
    expect(read.bugs).toEqual([{ id, summary: `any order ${world.suffix}` }]);
  }, 60_000);

  it('two replicas each of bugs and comments share a concurrent create/update/comment load with no duplicate effect', async () => {
    const bugsReplica = await tracker().extraService('bugs');
    const commentsReplica = await tracker().extraService('comments');
    const work = (): Promise<number[]> =>
      Promise.all([
        appendsOf(processNamed('bugs')),
        appendsOf(bugsReplica),
        commentsAddedBy(processNamed('comments')),
        commentsAddedBy(commentsReplica),
      ]);
    const before = await work();

    const made: Array<{ id: number; summary: string; whiteboard: string; comment: string }> = [];
    const statuses: number[] = [];
    const client = async (c: number): Promise<void> => {
      for (let n = 0; n < 5; n++) {
        const summary = `replicas ${world.suffix} client ${c} bug ${n}`;
        const created = await world.call(ADMIN, 'POST', '/bug', bugBody(summary));
        statuses.push(created.status);
        const { id } = created.json<{ id: number }>();
        const whiteboard = `[c${c}n${n}]`;
        statuses.push((await world.call(ADMIN, 'PUT', `/bug/${id}`, { whiteboard })).status);
        const comment = `client ${c} comments on bug ${n}`;
        statuses.push((await world.call(ADMIN, 'POST', `/bug/${id}/comment`, { comment })).status);
        made.push({ id, summary, whiteboard, comment });
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));

    expect(statuses.filter((status) => status >= 300)).toEqual([]);
    expect(made).toHaveLength(CLIENTS * 5);
    // bug ids: one sequence shared by the replicas, so unique and dense
    const ids = made.map(({ id }) => id).sort((a, b) => a - b);
    expect(new Set(ids).size).toBe(ids.length);
    expect((ids.at(-1) ?? 0) - (ids[0] ?? 0) + 1).toBe(ids.length);
    const commentIds: number[] = [];
    for (const bug of made) {
      const read = await world.ok<{ bugs: Array<{ summary: string; whiteboard: string }> }>(
        ADMIN,
        'GET',
        `/bug/${bug.id}?include_fields=summary,whiteboard`,
      );
      expect(read.bugs).toEqual([{ summary: bug.summary, whiteboard: bug.whiteboard }]);
      const history = await world.ok<{ bugs: Array<{ history: Array<{ changes: unknown[] }> }> }>(ADMIN, 'GET', `/bug/${bug.id}/history`);
      expect(history.bugs[0]?.history.map(({ changes }) => changes)).toEqual([
        [{ field_name: 'whiteboard', removed: '', added: bug.whiteboard }],
      ]);
      const comments = await world.ok<{ bugs: Record<string, { comments: Array<{ id: number; text: string }> }> }>(
        ADMIN,
        'GET',
        `/bug/${bug.id}/comment`,
      );
      const texts = comments.bugs[String(bug.id)]?.comments ?? [];
      expect(texts.map(({ text }) => text)).toEqual([`${bug.summary}: described`, bug.comment]);
      commentIds.push(...texts.map(({ id }) => id));
    }
    expect(new Set(commentIds).size).toBe(commentIds.length);

    // NATS's queue groups gave each replica a share, and all of it was done once
    const after = await work();
    const [bugs, bugsAgain, comments, commentsAgain] = after.map((count, index) => count - (before[index] ?? 0));
    expect(bugs).toBeGreaterThan(0);
    expect(bugsAgain).toBeGreaterThan(0);
    expect((bugs ?? 0) + (bugsAgain ?? 0)).toBe(CLIENTS * 5 * 3);
    expect(comments).toBeGreaterThan(0);
    expect(commentsAgain).toBeGreaterThan(0);
    expect((comments ?? 0) + (commentsAgain ?? 0)).toBe(CLIENTS * 5);
  }, 120_000);

  it('a bugs replica stopped by SIGTERM under a steady create load drains first: no request fails, nothing is lost', async () => {
    const leaving = processNamed('bugs');
    const staying = [...tracker().processes.entries()].find(([name]) => name.startsWith('bugs-'))?.[1];
    expect(staying).toBeDefined();
    const created: Array<{ status: number; id?: number; summary: string }> = [];
    let loading = true;
    const client = async (c: number): Promise<void> => {
      for (let n = 0; loading; n++) {
        const summary = `sigterm ${world.suffix} client ${c} bug ${n}`;
        const response = await world.call(ADMIN, 'POST', '/bug', bugBody(summary));
        created.push({ status: response.status, id: response.status === 200 ? response.json<{ id: number }>().id : undefined, summary });
      }
    };
    const load = Promise.all(Array.from({ length: 4 }, (_, c) => client(c)));
    // the leaving replica is busy when the signal comes
    const appendsBefore = await appendsOf(leaving);
    while ((await appendsOf(leaving)) < appendsBefore + 4) await new Promise((r) => setTimeout(r, 50));
    await leaving.stop();
    const countAtStop = created.length;
    while (created.length < countAtStop + 20) await new Promise((r) => setTimeout(r, 50));
    loading = false;
    await load;

    expect(created.filter(({ status }) => status !== 200)).toEqual([]);
    const ids = created.map(({ id }) => id ?? 0);
    expect(new Set(ids).size).toBe(created.length);
    for (const bug of created) {
      const read = await world.ok<{ bugs: Array<{ summary: string }> }>(ADMIN, 'GET', `/bug/${bug.id}?include_fields=summary`);
      expect(read.bugs).toEqual([{ summary: bug.summary }]);
    }
    const health = await http(tracker().baseUrl, '/rest/health');
    expect(health.json<{ services: Record<string, string> }>().services['bugs']).toBe('ok');
    // it ended by itself, having drained, rather than by the SIGKILL that follows 5 s later
    expect(leaving.exitStatus()).toBe(0);
    expect(leaving.output()).toContain('SIGTERM: shutting down gracefully');
  }, 120_000);
});
