import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NestFactory } from '@nestjs/core';
import { Module } from '@nestjs/common';
import { connect, JSONCodec } from 'nats';
import { ANONYMOUS, type ServiceRequest } from '@tracker/contracts';
import { MESSAGE_BUS, type MessageBus, MessagingModule, PrefixedNatsServer } from '@tracker/platform/messaging';
import { ratePerSecond } from '../measure';
import type { Measurement } from '../report';

const SEQUENTIAL = 3000;
const CONCURRENT = 15000;

@Controller()
class EchoController {
  @MessagePattern('bench.echo')
  echo(@Payload() request: ServiceRequest<{ i: number }>): { i: number } {
    return request.params;
  }
}

/**
 * Request/reply round trips per second over the real NATS server: the raw `nats` client
 * (baseline) and Tracker's message bus through @nestjs/microservices, sequential and with
 * 32 requests in flight.
 */
export async function messagingBench(natsUrl: string): Promise<Measurement[]> {
  const prefix = `bench-${randomUUID().slice(0, 8)}.`;
  const raw = await rawNats(natsUrl, prefix);

  @Module({
    imports: [MessagingModule.forRoot({ transport: 'nats', natsUrl, subjectPrefix: prefix, timeoutMs: 10_000 })],
    controllers: [EchoController],
  })
  class BenchModule {}
  const server = await NestFactory.createMicroservice(BenchModule, {
    strategy: new PrefixedNatsServer({ servers: natsUrl, queue: 'bench' }, prefix),
    logger: false,
  });
  await server.listen();
  const bus = server.get<MessageBus>(MESSAGE_BUS);
  const call = (i: number) => bus.request('bench.echo', { auth: ANONYMOUS, correlationId: 'bench', params: { i } });
  try {
    return [
      ...raw,
      {
        suite: 'messaging',
        name: 'message bus over NATS, sequential',
        value: await ratePerSecond(SEQUENTIAL, 1, call),
        unit: 'round trips/s',
        baseline: 'raw NATS request/reply, sequential',
      },
      {
        suite: 'messaging',
        name: 'message bus over NATS, 32 in flight',
        value: await ratePerSecond(CONCURRENT, 32, call),
        unit: 'round trips/s',
        baseline: 'raw NATS request/reply, 32 in flight',
      },
    ];
  } finally {
    await server.close();
  }
}

async function rawNats(natsUrl: string, prefix: string): Promise<Measurement[]> {
  const codec = JSONCodec<{ i: number }>();
  const responder = await connect({ servers: natsUrl });
  const requester = await connect({ servers: natsUrl });
  const subject = `${prefix}raw.echo`;
  const subscription = responder.subscribe(subject, { callback: (_error, message) => message.respond(message.data) });
  await responder.flush();
  const call = (i: number) => requester.request(subject, codec.encode({ i }), { timeout: 10_000 });
  try {
    return [
      {
        suite: 'messaging',
        name: 'raw NATS request/reply, sequential',
        value: await ratePerSecond(SEQUENTIAL, 1, call),
        unit: 'round trips/s',
      },
      {
        suite: 'messaging',
        name: 'raw NATS request/reply, 32 in flight',
        value: await ratePerSecond(CONCURRENT, 32, call),
        unit: 'round trips/s',
      },
    ];
  } finally {
    subscription.unsubscribe();
    await Promise.all([responder.close(), requester.close()]);
  }
}
