import { randomUUID } from 'node:crypto';
import { Controller, type INestMicroservice } from '@nestjs/common';
import { Ctx, MessagePattern, type NatsContext } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import type { MsgHdrs } from 'nats';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ANONYMOUS, type ServiceRequest } from '@tracker/contracts';
import { startTracingWith, stopTracing } from '@tracker/platform/tracing';
import { TEST_SERVER_URLS, describeWithServers } from '@tracker/testing';
import { MESSAGE_BUS, type MessageBus } from './message-bus.port';
import { IN_PROCESS_BROKER, type MessagingConfig, MessagingModule, messageServerStrategy } from './messaging.module';

@Controller()
class TracedProbeController {
  /** the traceparent header the message arrived with (NATS only: the in-process transport has no NatsContext) */
  @MessagePattern('probe.traced')
  traced(@Ctx() context: NatsContext | undefined): { traceparent: string | null } {
    const headers = (typeof context?.getHeaders === 'function' ? context.getHeaders() : undefined) as MsgHdrs | undefined;
    return { traceparent: headers?.get('traceparent') ?? null };
  }
}

const request = (): ServiceRequest<null> => ({ auth: ANONYMOUS, correlationId: `corr-${randomUUID()}`, params: null });

function describeTracedTransport(name: string, config: () => MessagingConfig, carriesHeader: boolean): void {
  describe(`trace context over ${name}`, () => {
    const exporter = new InMemorySpanExporter();
    let server: INestMicroservice;
    let bus: MessageBus;

    beforeAll(async () => {
      await startTracingWith({ serviceName: 'tracker-test', spanProcessors: [new SimpleSpanProcessor(exporter)] });
      const resolved = config();
      const moduleRef = await Test.createTestingModule({
        imports: [MessagingModule.forRoot(resolved)],
        controllers: [TracedProbeController],
      }).compile();
      server = moduleRef.createNestMicroservice({
        strategy: messageServerStrategy(resolved, moduleRef.get(IN_PROCESS_BROKER), 'probe'),
        logger: false,
      });
      await server.listen();
      bus = moduleRef.get(MESSAGE_BUS);
    });
    afterAll(async () => {
      await server.close();
      await stopTracing();
    });

    it('makes the handling span a child of the request span, in one trace', async () => {
      const sent = request();
      const reply = await bus.request<{ traceparent: string | null }>('probe.traced', sent);
      const spans = exporter.getFinishedSpans();
      const client = only(spans, 'send probe.traced');
      const handling = only(spans, 'process probe.traced');
      expect(client.kind).toBe(2); // CLIENT
      expect(handling.kind).toBe(1); // SERVER
      expect(handling.spanContext().traceId).toBe(client.spanContext().traceId);
      expect(handling.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
      expect(handling.attributes).toMatchObject({ 'tracker.service': 'probe', 'tracker.correlation_id': sent.correlationId });
      expect(client.attributes).toMatchObject({
        'messaging.destination.name': 'probe.traced',
        'tracker.correlation_id': sent.correlationId,
      });
      if (carriesHeader) expect(reply.traceparent).toBe(`00-${client.spanContext().traceId}-${client.spanContext().spanId}-01`);
    });
  });
}

function only(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const named = spans.filter((span) => span.name === name);
  expect(named).toHaveLength(1);
  return named[0] as ReadableSpan;
}

describeTracedTransport('the in-process transport', () => ({ transport: 'in-process', timeoutMs: 3_000 }), false);

describeWithServers(['nats'], 'trace context over the real NATS server', () => {
  const subjectPrefix = `test-${randomUUID().slice(0, 8)}.`;
  describeTracedTransport(
    'NATS headers',
    () => ({ transport: 'nats', natsUrl: TEST_SERVER_URLS.nats, subjectPrefix, timeoutMs: 3_000 }),
    true,
  );
});
