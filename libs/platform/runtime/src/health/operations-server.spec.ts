import type { Server } from 'node:http';
import type { ReadinessProblem } from '@tracker/contracts';
import { ConnectionState, ConnectionStates } from '@tracker/platform/messaging';
import { METRICS_CONTENT_TYPE, type ProjectionLag, trackProjectionLag } from '@tracker/platform/metrics';
import { serveOperations } from './operations-server';
import { ProcessReadiness } from './process-readiness';

/**
 * A service process's operations port (TRACKER_METRICS_PORT): /metrics, and Kubernetes'
 * probes. /readyz is 503 until the service started, while its read model is stopped at an
 * event, a connection is down, or a projection lags beyond TRACKER_READY_MAX_LAG_EVENTS.
 */
describe("a service's operations port: /metrics, /livez, /readyz", () => {
  const readiness = new ProcessReadiness(500);
  let server: Server;
  let base: string;
  let lag: ProjectionLag | Error = { events: 0, seconds: 0 };
  let problems: ReadinessProblem[] = [];
  let notReady = false;
  const connections = new ConnectionStates();
  const nats = connections.add(new ConnectionState('nats', undefined));
  const untrack = trackProjectionLag({
    service: 'bugs',
    projection: 'bugs',
    lag: () => (lag instanceof Error ? Promise.reject(lag) : Promise.resolve(lag)),
  });

  const get = async (path: string): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(`${base}${path}`);
    const text = await response.text();
    return {
      status: response.status,
      body: response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text,
    };
  };

  beforeAll(async () => {
    const started = await serveOperations(0, '127.0.0.1', () => readiness.report());
    server = started.server;
    base = `http://127.0.0.1:${started.port}`;
  });
  afterAll(async () => {
    untrack();
    await new Promise((resolve) => server.close(resolve));
  });

  it('given the service still starting (migrations, projections, subscription), then it is alive but not ready', async () => {
    expect(await get('/livez')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: { status: 'not_ready', reasons: ['starting: migrations, projections and the NATS subscription are not up yet'] },
    });
  });

  it('given it started with its projections caught up and its connections up, then it is ready', async () => {
    readiness.started({ readiness: { readiness: () => ({ ready: problems.length === 0 && !notReady, problems }) }, connections });
    expect(await get('/readyz')).toEqual({ status: 200, body: { status: 'ok', reasons: [] } });
  });

  it('given a projection more events behind than the threshold, then not ready, naming it; at the threshold, ready', async () => {
    lag = { events: 501, seconds: 3 };
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: {
        status: 'not_ready',
        reasons: ['projection bugs/bugs is 501 events behind the log (more than TRACKER_READY_MAX_LAG_EVENTS=500)'],
      },
    });
    lag = { events: 500, seconds: 3 };
    expect((await get('/readyz')).status).toBe(200);
    lag = new Error('connection terminated');
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: { status: 'not_ready', reasons: ['projection bugs/bugs: its lag cannot be read (connection terminated)'] },
    });
    lag = { events: 0, seconds: 0 };
  });

  it('given a read model stopped at an event, or a connection down, then not ready while it lasts; still alive', async () => {
    problems = [
      {
        projection: 'bugs',
        stream: 'bug-7',
        position: '42',
        event_type: 'BugCreated',
        event_id: 'e-1',
        error: 'boom',
        since: '2026-01-02T03:04:05Z',
      },
    ];
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: { status: 'not_ready', reasons: ['projection bugs stopped at BugCreated of bug-7 (position 42): boom'] },
    });
    problems = [];
    notReady = true;
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: { status: 'not_ready', reasons: ['its read model reports it is not ready'] },
    });
    notReady = false;
    nats.lost('connection refused', new Date('2026-01-02T03:04:05.000Z'));
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: { status: 'not_ready', reasons: ['connection nats down since 2026-01-02T03:04:05.000Z: connection refused'] },
    });
    expect((await get('/livez')).status).toBe(200);
    nats.restored();
    expect((await get('/readyz')).status).toBe(200);
  });

  it('serves the metrics, with the default process metrics, and nothing else', async () => {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(METRICS_CONTENT_TYPE);
    const text = await response.text();
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('tracker_projection_lag_events{service="bugs",projection="bugs"} 0');
    expect(await get('/rest/version')).toEqual({ status: 404, body: 'Only GET /metrics, /livez and /readyz are served here.\n' });
    expect((await fetch(`${base}/readyz`, { method: 'POST' })).status).toBe(405);
  });
});
