import { DomainError } from '@tracker/contracts';
import { renderMetrics } from './metrics-exposition';
import { trackMailQueueDepth } from './mail-queue-depth';
import { trackProjectionLag } from './projection-lag';
import { timedRequests } from './timed-requests';
import { METRICS_REGISTRY } from './tracker-metrics';

/** The value of one sample of the registry: `name{labels}` (labels in any order, all given). */
async function sample(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metrics = await METRICS_REGISTRY.getMetricsAsJSON();
  const values = metrics.flatMap((metric) =>
    metric.values.map((value) => ({ ...value, metricName: (value as { metricName?: string }).metricName ?? metric.name })),
  );
  const found = values.find(
    (value) =>
      value.metricName === name &&
      Object.keys(labels).length === Object.keys(value.labels).length &&
      Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted),
  );
  return found?.value;
}

const request = { auth: {} as never, correlationId: 'c', params: null };

describe('process metrics', () => {
  it('times each bus request by subject and outcome', async () => {
    const bus = timedRequests({
      request: <Result>(subject: string): Promise<Result> =>
        subject === 'probe.refuse' ? Promise.reject(new DomainError('paramInvalid', 'no')) : Promise.resolve('yes' as Result),
    });
    const before = (await sample('tracker_nats_request_duration_seconds_count', { subject: 'probe.answer', outcome: 'ok' })) ?? 0;
    await expect(bus.request('probe.answer', request)).resolves.toBe('yes');
    await expect(bus.request('probe.answer', request)).resolves.toBe('yes');
    await expect(bus.request('probe.refuse', request)).rejects.toThrow('no');
    expect(await sample('tracker_nats_request_duration_seconds_count', { subject: 'probe.answer', outcome: 'ok' })).toBe(before + 2);
    expect(await sample('tracker_nats_request_duration_seconds_count', { subject: 'probe.refuse', outcome: 'error' })).toBe(1);
    expect(await sample('tracker_nats_request_duration_seconds_bucket', { subject: 'probe.refuse', outcome: 'error', le: '+Inf' })).toBe(1);
  });

  it('asks each tracked projection for its lag at every scrape, until it is untracked', async () => {
    let lag = { events: 3, seconds: 12.5 };
    const untrack = trackProjectionLag({ service: 'probe', projection: 'things', lag: () => Promise.resolve(lag) });
    await renderMetrics();
    expect(await sample('tracker_projection_lag_events', { service: 'probe', projection: 'things' })).toBe(3);
    expect(await sample('tracker_projection_lag_seconds', { service: 'probe', projection: 'things' })).toBe(12.5);
    lag = { events: 0, seconds: 0 };
    expect(await renderMetrics()).toContain('tracker_projection_lag_events{service="probe",projection="things"} 0');
    untrack();
    expect(await renderMetrics()).not.toContain('projection="things"');
  });

  it('drops the lag of a projection whose store cannot be read, rather than report an old value', async () => {
    let fail = false;
    const untrack = trackProjectionLag({
      service: 'probe',
      projection: 'flaky',
      lag: () => (fail ? Promise.reject(new Error('down')) : Promise.resolve({ events: 1, seconds: 1 })),
    });
    expect(await renderMetrics()).toContain('tracker_projection_lag_events{service="probe",projection="flaky"} 1');
    fail = true;
    expect(await renderMetrics()).not.toContain('projection="flaky"');
    untrack();
  });

  it('reports the mail queue by state at every scrape where a queue is held, and nothing once it is gone or cannot be counted', async () => {
    let counts: Promise<{ waiting: number; active: number; delayed: number; failed: number }> = Promise.resolve({
      waiting: 4,
      active: 2,
      delayed: 1,
      failed: 3,
    });
    const untrack = trackMailQueueDepth(() => counts);
    const text = await renderMetrics();
    for (const line of [
      'tracker_mail_queue_jobs{state="waiting"} 4',
      'tracker_mail_queue_jobs{state="active"} 2',
      'tracker_mail_queue_jobs{state="delayed"} 1',
      'tracker_mail_queue_jobs{state="failed"} 3',
    ])
      expect(text).toContain(line);
    counts = Promise.reject(new Error('Redis is away'));
    expect(await renderMetrics()).not.toContain('tracker_mail_queue_jobs{');
    counts = Promise.resolve({ waiting: 0, active: 0, delayed: 0, failed: 0 });
    expect(await renderMetrics()).toContain('tracker_mail_queue_jobs{state="waiting"} 0');
    untrack();
    expect(await renderMetrics()).not.toContain('tracker_mail_queue_jobs{');
  });
});
