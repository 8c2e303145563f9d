import { randomUUID } from 'node:crypto';
import { Controller, type INestMicroservice } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { ANONYMOUS, DomainError, type ServiceRequest } from '@tracker/contracts';
import { TEST_SERVER_URLS, describeWithServers } from '@tracker/testing';
import { healthController } from './health.controller';
import { MESSAGE_BUS, type MessageBus } from './message-bus.port';
import { IN_PROCESS_BROKER, type MessagingConfig, MessagingModule, messageServerStrategy } from './messaging.module';

@Controller()
class ProbeController {
  @MessagePattern('probe.echo')
  echo(@Payload() request: ServiceRequest<unknown>): unknown {
    return { params: request.params, caller: request.auth.login };
  }

  @MessagePattern('probe.refuse')
  refuse(): never {
    throw new DomainError('bugDoesNotExist', 'Bug #99999 does not exist.');
  }

  @MessagePattern('probe.crash')
  crash(): never {
    throw new Error('secret stack detail');
  }

  @MessagePattern('probe.slow')
  async slow(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return 'late';
  }
}

const request = <P>(params: P): ServiceRequest<P> => ({
  auth: { ...ANONYMOUS, userId: 3, login: 'ann@example.com' },
  correlationId: `corr-${randomUUID()}`,
  params,
});

function describeTransport(name: string, config: () => MessagingConfig): void {
  describe(`message bus over ${name}`, () => {
    let server: INestMicroservice;
    let bus: MessageBus;

    beforeAll(async () => {
      const resolved = config();
      const moduleRef = await Test.createTestingModule({
        imports: [MessagingModule.forRoot(resolved)],
        controllers: [ProbeController, healthController('bugs')],
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
    });

    it('carries a request and its reply as JSON, both ways', async () => {
      const reply = await bus.request('probe.echo', request({ text: 'Ünïcödé ✓ 😀', n: 1.5, skipped: undefined, when: new Date(0) }));
      expect(reply).toEqual({
        params: { text: 'Ünïcödé ✓ 😀', n: 1.5, when: '1970-01-01T00:00:00.000Z' },
        caller: 'ann@example.com',
      });
    });

    it('answers the health message', async () => {
      await expect(bus.request('bugs.health', request(null))).resolves.toEqual({ service: 'bugs', status: 'ok' });
    });

    it('turns a domain error into a DomainError with its code and message', async () => {
      const failure = bus.request('probe.refuse', request(null));
      await expect(failure).rejects.toBeInstanceOf(DomainError);
      await expect(failure).rejects.toMatchObject({ code: 101, message: 'Bug #99999 does not exist.' });
    });

    it('hides an unexpected failure behind code 100500 and the correlation id', async () => {
      const sent = request(null);
      const failure = bus.request('probe.crash', sent);
      await expect(failure).rejects.toMatchObject({ code: 100500 });
      const error = (await failure.catch((e: unknown) => e)) as DomainError;
      expect(error.message).toContain(sent.correlationId);
      expect(error.message).not.toContain('secret');
    });

    it('gives up on a service that does not answer in time, with a clean error', async () => {
      const failure = bus.request('probe.slow', request(null));
      await expect(failure).rejects.toMatchObject({ code: 100500 });
      await expect(failure).rejects.toThrow(/did not answer within 200 ms/);
    });
  });
}

describeTransport('the in-process transport', () => ({ transport: 'in-process', timeoutMs: 200 }));

describeWithServers(['nats'], 'message bus over the real NATS server', () => {
  const subjectPrefix = `test-${randomUUID().slice(0, 8)}.`;
  describeTransport('NATS', () => ({ transport: 'nats', natsUrl: TEST_SERVER_URLS.nats, subjectPrefix, timeoutMs: 200 }));

  it('reports an unreachable NATS server as a clean error', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [MessagingModule.forRoot({ transport: 'nats', natsUrl: 'nats://127.0.0.1:1', subjectPrefix, timeoutMs: 500 })],
    }).compile();
    const bus = moduleRef.get<MessageBus>(MESSAGE_BUS);
    await expect(bus.request('probe.echo', request(null))).rejects.toMatchObject({ code: 100500 });
    await moduleRef.close();
  });
});
