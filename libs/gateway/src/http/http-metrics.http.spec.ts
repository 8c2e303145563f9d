import type { INestApplication } from '@nestjs/common';
import { http } from '@tracker/testing';
import { startProbeGateway } from '../gateway-probe.fixture';

/** One sample line of the exposition, e.g. `tracker_http_requests_total{method="GET",route="/version",status="200"}`. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('the gateway metrics over HTTP', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    ({ app, base } = await startProbeGateway());
  });
  afterAll(async () => {
    await app.close();
  });

  it('counts and times REST requests by route template and status, not by URL', async () => {
    const before = (await http(base, '/metrics')).text;
    const series = (route: string, status: number, method = 'GET') => `{method="${method}",route="${route}",status="${status}"}`;
    const count = (text: string, labels: string) => sample(text, `tracker_http_requests_total${labels}`) ?? 0;
    await http(base, '/rest/probe/echo/1');
    await http(base, '/rest/probe/echo/2');
    await http(base, '/rest.cgi/probe/echo/3', { method: 'PUT', body: '{}', headers: { 'content-type': 'application/json' } });
    await http(base, '/rest/probe/missing');
    await http(base, '/rest/no/such/thing');
    const response = await http(base, '/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const after = response.text;
    expect(count(after, series('/probe/echo/:id', 200)) - count(before, series('/probe/echo/:id', 200))).toBe(2);
    expect(count(after, series('/probe/echo/:id', 200, 'PUT')) - count(before, series('/probe/echo/:id', 200, 'PUT'))).toBe(1);
    expect(count(after, series('/probe/missing', 404)) - count(before, series('/probe/missing', 404))).toBe(1);
    expect(count(after, series('unmatched', 404)) - count(before, series('unmatched', 404))).toBe(1);
    expect(after).not.toContain('route="/probe/echo/1"');
    const histogram = (labels: string) => sample(after, `tracker_http_request_duration_seconds_count${labels}`);
    expect(histogram(series('/probe/echo/:id', 200))).toBe(count(after, series('/probe/echo/:id', 200)));
    expect(sample(after, `tracker_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/probe/missing",status="404"}`)).toBe(
      count(after, series('/probe/missing', 404)),
    );
    // the gateway's own requests over the bus, by subject
    expect(sample(after, 'tracker_nats_request_duration_seconds_count{subject="probe.missing",outcome="error"}')).toBeGreaterThanOrEqual(1);
    // /metrics itself is not a REST route
    expect(after).not.toContain('route="/metrics"');
  });
});
