import { http } from '@tracker/testing';
import type { RunMode, RunningTracker } from '../../../support/tracker';
import { ADMIN, TrackerWorld } from '../../../support/world';

/** A sample's value in the text exposition (`name{labels} value`), 0 when the series is absent. */
const sample = (text: string, series: string): number => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
};

/**
 * /metrics after a few calls (docs/operations-guide.md, "Metrics"): the gateway's on its
 * own port; in distributed mode the identity service's on TRACKER_METRICS_PORT (0 in the
 * operations suite: any free port, read from its start-up line), in embedded mode the same process's. And
 * the probes served beside it (docs/operations-guide.md, "Probes").
 */
export function metricCases(tracker: () => RunningTracker, mode: RunMode): void {
  describe('metrics', () => {
    const world = new TrackerWorld(() => tracker().baseUrl);
    const gatewayMetrics = async (): Promise<string> => {
      const response = await http(tracker().baseUrl, '/metrics');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      return response.text;
    };
    const serviceMetrics = async (service: 'identity' | 'mailer'): Promise<string> => {
      if (mode === 'embedded') return gatewayMetrics();
      const running = tracker().processes.get(service);
      if (!running) throw new Error(`no ${service} process`);
      const [, port] = await running.waitFor(new RegExp(`${service} serves metrics on http://0\\.0\\.0\\.0:(\\d+)/metrics`));
      const response = await http(`http://127.0.0.1:${port}`, '/metrics');
      expect(response.status).toBe(200);
      return response.text;
    };
    const identityMetrics = (): Promise<string> => serviceMetrics('identity');

    it('counts and times REST calls by route template and status, and the NATS requests behind them by subject', async () => {
      const before = await gatewayMetrics();
      await world.group('metrics-a');
      await world.group('metrics-b');
      const missing = await world.call(ADMIN, 'PUT', '/group/no-such-group-anywhere', { description: 'x' });
      expect(missing.status).toBe(404);
      const after = await gatewayMetrics();
      const delta = (series: string): number => sample(after, series) - sample(before, series);
      expect(delta('tracker_http_requests_total{method="POST",route="/group",status="201"}')).toBe(2);
      expect(delta('tracker_http_request_duration_seconds_count{method="POST",route="/group",status="201"}')).toBe(2);
      expect(delta('tracker_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/group",status="201"}')).toBe(2);
      expect(delta('tracker_http_requests_total{method="PUT",route="/group/:id_or_name",status="404"}')).toBe(1);
      expect(after).not.toContain('route="/group/no-such-group-anywhere"');
      expect(delta('tracker_nats_request_duration_seconds_count{subject="identity.groups.create",outcome="ok"}')).toBe(2);
      expect(delta('tracker_nats_request_duration_seconds_count{subject="identity.groups.update",outcome="error"}')).toBe(1);
      expect(after).toContain('# TYPE process_cpu_user_seconds_total counter');
      expect(after).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    });

    it('times event-store appends by stream type and reports each projection lag where the service runs', async () => {
      const before = await identityMetrics();
      await world.group('metrics-c');
      const after = await identityMetrics();
      const delta = (series: string): number => sample(after, series) - sample(before, series);
      expect(delta('tracker_event_store_append_duration_seconds_count{stream_type="group",outcome="ok"}')).toBe(1);
      expect(after).toContain('tracker_projection_lag_events{service="identity",projection="identity"} 0');
      expect(after).toContain('tracker_projection_lag_seconds{service="identity",projection="identity"} 0');
      expect(after).toContain('# TYPE process_resident_memory_bytes gauge');
    });

    it('reports the mail queue by state where it is held: the mailer (the one process in embedded mode)', async () => {
      await world.group('metrics-d');
      const text = await serviceMetrics('mailer');
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(text).toMatch(new RegExp(`^tracker_mail_queue_jobs\\{state="${state}"\\} \\d+$`, 'm'));
      }
      if (mode === 'distributed') expect(await gatewayMetrics()).not.toContain('tracker_mail_queue_jobs{');
    });

    it("reports the embedded PostgreSQL's memory in the one process that holds it, and nowhere on a real server", async () => {
      const text = await gatewayMetrics();
      if (mode === 'distributed') {
        expect(text).not.toContain('tracker_embedded_postgres_memory_bytes{');
        return;
      }
      // PostgreSQL's WebAssembly memory holds at least its 32 MB buffer pool (docs/architecture.md)
      expect(sample(text, 'tracker_embedded_postgres_memory_bytes{part="wasm"}')).toBeGreaterThanOrEqual(32 * 1024 * 1024);
      expect(sample(text, 'tracker_embedded_postgres_memory_bytes{part="heap"}')).toBeGreaterThan(0);
    });

    it("answers Kubernetes' probes: the gateway's /readyz covers every service; a service's own on its operations port", async () => {
      expect((await http(tracker().baseUrl, '/livez')).json()).toEqual({ status: 'ok' });
      const ready = await http(tracker().baseUrl, '/readyz');
      expect({ status: ready.status, body: ready.json<{ status: string }>().status }).toEqual({ status: 200, body: 'ok' });
      if (mode === 'embedded') return;
      const [, port] =
        (await tracker()
          .processes.get('identity')
          ?.waitFor(/identity serves metrics on http:\/\/0\.0\.0\.0:(\d+)\/metrics/)) ?? [];
      expect((await http(`http://127.0.0.1:${port}`, '/livez')).json()).toEqual({ status: 'ok' });
      const own = await http(`http://127.0.0.1:${port}`, '/readyz');
      expect({ status: own.status, body: own.json() }).toEqual({ status: 200, body: { status: 'ok', reasons: [] } });
    });
  });
}
