import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The Prometheus metrics of a Tracker process, in one registry per process (embedded mode
 * has every service in one process, and one registry). Each hook that feeds one is a few
 * lines in the one place it observes (docs/operations-guide.md lists them); labels are
 * bounded sets: route templates, subjects, stream types, projection names, never ids.
 */
export const METRICS_REGISTRY = new Registry();
collectDefaultMetrics({ register: METRICS_REGISTRY });

/** Seconds, from 1 ms to 10 s: a REST call, a NATS request and an append all fall in it. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const HTTP_REQUEST_SECONDS = 'tracker_http_request_duration_seconds';

export const httpRequestSeconds = new Histogram({
  name: HTTP_REQUEST_SECONDS,
  help: 'Time from a REST request to the end of its response, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [METRICS_REGISTRY],
});

/**
 * The histogram's counts again, as the counter dashboards expect: read from it at each
 * scrape, so that a request is recorded once (prom-client checks and hashes the labels of
 * every call, a measurable part of a gateway request, docs/benchmarks.md).
 */
export const httpRequests = new Counter({
  name: 'tracker_http_requests_total',
  help: 'REST requests answered by the gateway, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [METRICS_REGISTRY],
  async collect() {
    const { values } = await httpRequestSeconds.get();
    this.reset();
    for (const { metricName, labels, value } of values) if (metricName === `${HTTP_REQUEST_SECONDS}_count`) this.inc(labels, value);
  },
});

export const natsRequestSeconds = new Histogram({
  name: 'tracker_nats_request_duration_seconds',
  help: 'Time of a request over the message bus until its reply (client side), by subject and outcome (ok, error)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [METRICS_REGISTRY],
});

export const eventStoreAppendSeconds = new Histogram({
  name: 'tracker_event_store_append_duration_seconds',
  help: 'Time of an append to the event store, by stream type and outcome (ok, conflict, error)',
  labelNames: ['stream_type', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [METRICS_REGISTRY],
});

export const projectionLagEvents = new Gauge({
  name: 'tracker_projection_lag_events',
  help: 'Events of its streams committed but not yet applied by a projection (counted up to 1000)',
  labelNames: ['service', 'projection'] as const,
  registers: [METRICS_REGISTRY],
});

export const projectionLagSeconds = new Gauge({
  name: 'tracker_projection_lag_seconds',
  help: 'Age of the oldest event a projection has not applied yet; 0 when it is up to date',
  labelNames: ['service', 'projection'] as const,
  registers: [METRICS_REGISTRY],
});

export const mailQueueJobs = new Gauge({
  name: 'tracker_mail_queue_jobs',
  help: 'Jobs of the mail queue by state (waiting, active, delayed for a retry, failed and kept as dead letters), where the queue is held',
  labelNames: ['state'] as const,
  registers: [METRICS_REGISTRY],
});
