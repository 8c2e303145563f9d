import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { EnvReader } from '@tracker/platform/config';
import { TEST_SERVER_URLS, describeWithServers } from '@tracker/testing';
import { Client } from 'pg';
import { SpanKind, inSpan } from './tracer';
import { extractTraceContext, injectTraceContext, recordCarrier } from './trace-context';
import { readTracingConfig } from './tracing.config';
import { startTracingWith, stopTracing } from './tracing-sdk';

describe('readTracingConfig', () => {
  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT, and takes OTEL_SERVICE_NAME when set', () => {
    expect(readTracingConfig(new EnvReader({ OTEL_SERVICE_NAME: 'bugs-eu' }))).toBeUndefined();
    expect(readTracingConfig(new EnvReader({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }))).toEqual({
      endpoint: 'http://collector:4318',
    });
    const named = new EnvReader({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: 'bugs-eu' });
    expect(readTracingConfig(named)).toEqual({ endpoint: 'http://collector:4318', serviceName: 'bugs-eu' });
  });

  it('refuses an endpoint that is not an HTTP URL', () => {
    const env = new EnvReader({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4317' });
    readTracingConfig(env);
    expect(() => env.finish({})).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT=collector:4317/);
  });
});

describe('tracing without an SDK', () => {
  it('records nothing and carries no trace context', async () => {
    const headers: Record<string, string> = {};
    const recording = await inSpan('quiet', { kind: SpanKind.INTERNAL }, (span) => {
      injectTraceContext(recordCarrier(headers));
      return Promise.resolve(span.isRecording());
    });
    expect(recording).toBe(false);
    expect(headers).toEqual({});
  });

  it('answers work that throws at once with a rejection, as with an SDK', async () => {
    const throwing = (): Promise<never> => {
      throw new Error('at once');
    };
    await expect(inSpan('quiet', { kind: SpanKind.INTERNAL }, throwing)).rejects.toThrow('at once');
  });
});

describeWithServers(['postgres'], 'tracing with the SDK', () => {
  const exporter = new InMemorySpanExporter();
  beforeAll(() => startTracingWith({ serviceName: 'tracker-test', spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  afterAll(() => stopTracing());
  beforeEach(() => exporter.reset());

  it('carries a span as W3C traceparent, and the receiving side continues its trace', async () => {
    const headers: Record<string, string> = {};
    const sent = await inSpan('send', { kind: SpanKind.CLIENT }, (span) => {
      injectTraceContext(recordCarrier(headers));
      return Promise.resolve(span.spanContext());
    });
    expect(headers['traceparent']).toBe(`00-${sent.traceId}-${sent.spanId}-01`);
    const parent = extractTraceContext(recordCarrier(headers));
    await inSpan('receive', { kind: SpanKind.SERVER, parent }, () => Promise.resolve());
    const received = exporter.getFinishedSpans().find((span) => span.name === 'receive');
    expect(received?.spanContext().traceId).toBe(sent.traceId);
    expect(received?.parentSpanContext?.spanId).toBe(sent.spanId);
  });

  it('marks a span whose work fails as an error', async () => {
    await expect(inSpan('failing', { kind: SpanKind.INTERNAL }, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const [failed] = exporter.getFinishedSpans();
    expect(failed?.status).toEqual({ code: 2, message: 'boom' });
    expect(failed?.events.map((event) => event.name)).toEqual(['exception']);
  });

  it('traces SQL queries made inside a trace, and only those', async () => {
    const client = new Client({ connectionString: TEST_SERVER_URLS.postgres });
    await client.connect();
    try {
      await client.query('SELECT 1 AS outside');
      const traceId = await inSpan('request', { kind: SpanKind.SERVER }, async (span) => {
        await client.query('SELECT $1::int AS inside', [2]);
        return span.spanContext().traceId;
      });
      const queries = exporter.getFinishedSpans().filter((span) => span.attributes['db.system.name'] ?? span.attributes['db.system']);
      expect(queries).toHaveLength(1);
      expect(queries[0]?.spanContext().traceId).toBe(traceId);
      expect(JSON.stringify(queries[0]?.attributes)).toContain('SELECT $1::int AS inside');
      expect(trace.getActiveSpan()).toBeUndefined();
    } finally {
      await client.end();
    }
  });
});
