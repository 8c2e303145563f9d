import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startTracingWith, stopTracing } from '@tracker/platform/tracing';
import { TEST_ADMIN } from '../../../support/admin';
import type { RunningTracker } from '../../../support/tracker';
import { BugsWorld } from '../../bugs/support/bugs-world';

/** The spans of one trace so far: finished spans arrive as each ends, the gateway's last (after its response). */
async function traceOf(exporter: InMemorySpanExporter, rootName: string): Promise<ReadableSpan[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const root = exporter.getFinishedSpans().find((span) => span.name === rootName);
    if (root) return exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === root.spanContext().traceId);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no span ${rootName} was finished`);
}

/**
 * Issue 19's "Done when" for traces (docs/operations-guide.md, "Traces"): one POST /rest/bug
 * is one trace, from the gateway's HTTP span through the messages to identity, catalog,
 * bugs and comments, with their SQL and the bug's append. Embedded mode: its in-process
 * bus carries the trace context beside the message exactly where NATS carries it in
 * headers (the NATS side is libs/platform/messaging/src/messaging-tracing.spec.ts).
 */
export function traceCases(tracker: () => RunningTracker): void {
  describe('traces', () => {
    const exporter = new InMemorySpanExporter();
    const world = new BugsWorld(() => tracker().baseUrl);
    let product: string;
    beforeAll(async () => {
      product = await world.product('traced');
      await startTracingWith({ serviceName: 'tracker-standalone', spanProcessors: [new SimpleSpanProcessor(exporter)] });
    });
    afterAll(() => stopTracing());

    it('follows one POST /rest/bug as one trace across gateway, identity, catalog, bugs and comments, with SQL', async () => {
      exporter.reset();
      // login and password: identity is asked on every call (an API key is remembered by the gateway)
      const caller = {
        login: TEST_ADMIN.login,
        id: 1,
        headers: { 'x-bugzilla-login': TEST_ADMIN.login, 'x-bugzilla-password': TEST_ADMIN.password },
      };
      const id = await world.bug(caller, product, { summary: 'traced bug' });
      const spans = await traceOf(exporter, 'POST /rest/bug');
      const root = spans.find((span) => span.name === 'POST /rest/bug');
      expect(root?.parentSpanContext).toBeUndefined();
      expect(root?.attributes).toMatchObject({
        'http.request.method': 'POST',
        'http.route': '/rest/bug',
        'http.response.status_code': 200,
      });

      const ids = new Set(spans.map((span) => span.spanContext().spanId));
      const orphans = spans.filter((span) => span !== root && !ids.has(span.parentSpanContext?.spanId ?? ''));
      expect(orphans.map((span) => span.name)).toEqual([]);

      const handled = spans.filter((span) => span.name.startsWith('process '));
      expect([...new Set(handled.map((span) => span.attributes['tracker.service']))].sort()).toEqual(
        expect.arrayContaining(['bugs', 'catalog', 'comments', 'identity']),
      );
      const names = spans.map((span) => span.name);
      expect(names).toEqual(expect.arrayContaining(['send identity.authenticate', 'process identity.authenticate', 'send bugs.create']));
      expect(names).toEqual(expect.arrayContaining(['process bugs.create', 'process catalog.bug-rules.resolve', 'process comments.sync']));

      const creation = spans.find((span) => span.name === 'process bugs.create');
      const append = spans.find((span) => span.name === 'append bug');
      expect(append?.attributes).toMatchObject({ 'tracker.stream': `bug-${id}`, 'tracker.event_types': ['BugCreated'] });
      expect(isWithin(spans, append, creation)).toBe(true);
      const sql = spans.filter(
        (span) => span.attributes['db.system.name'] === 'postgresql' || span.attributes['db.system'] === 'postgresql',
      );
      expect(sql.length).toBeGreaterThan(0);
      expect(sql.some((span) => isWithin(spans, span, append))).toBe(true);
    });
  });
}

/** Whether `inner` descends from `outer` in the trace. */
function isWithin(spans: readonly ReadableSpan[], inner: ReadableSpan | undefined, outer: ReadableSpan | undefined): boolean {
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
  for (let span = inner; span; span = byId.get(span.parentSpanContext?.spanId ?? '')) if (span === outer) return true;
  return false;
}
