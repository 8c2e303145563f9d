import { randomUUID } from 'node:crypto';
import { Controller, type INestMicroservice } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { ANONYMOUS, DomainError, type ServiceRequest } from '@tracker/contracts';
import { TEST_SERVER_URLS, describeWithServers } from '@tracker/testing';
import { currentCorrelationId } from './correlation-context';
import { healthController } from './health.controller';
import { MessageHandler } from './message-handler.decorator';
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
    // longer than the buses' 3 s timeout, which is generous so that 6 MB cross on a busy machine
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    return 'late';
  }

  /** `count` texts of `size` characters each: far above NATS's 1 MB max_payload when asked */
  @MessagePattern('probe.large')
  large(@Payload() request: ServiceRequest<{ count: number; size: number }>): string[] {
    return Array.from({ length: request.params.count }, (_, i) => `${i}:`.padEnd(request.params.size, String.fromCharCode(97 + (i % 26))));
  }

  /** what arrived, to check a large request crossed whole */
  @MessagePattern('probe.measure')
  measure(@Payload() request: ServiceRequest<{ texts: string[] }>): { count: number; characters: number; last: string } {
    const texts = request.params.texts;
    return { count: texts.length, characters: texts.reduce((sum, text) => sum + text.length, 0), last: texts.at(-1)?.slice(0, 12) ?? '' };
  }

  @MessagePattern('probe.unserialisable')
  unserialisable(): unknown {
    return { big: 10n };
  }

  @MessagePattern('probe.database-away')
  databaseAway(): never {
    throw Object.assign(new Error('connect ENOENT /tmp/tracker-pg-x/.s.PGSQL.5432'), { code: 'ENOENT' });
  }
}

/** A use case as services declare theirs: in process called directly, over NATS by Nest. */
@MessageHandler('probe.use-case')
class ProbeUseCase {
  handle(request: ServiceRequest<{ fail?: 'refuse' | 'crash' }>): { correlationId: string | undefined; caller: string | null } {
    if (request.params.fail === 'refuse') throw new DomainError('bugAccessDenied', 'You are not authorized to access bug #7.');
    if (request.params.fail === 'crash') throw new Error('secret use-case detail');
    return { correlationId: currentCorrelationId(), caller: request.auth.login };
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
        controllers: [ProbeController, ProbeUseCase, healthController('bugs')],
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

    it('answers a @MessageHandler use case in the caller’s correlation context, its refusals and failures as every handler’s', async () => {
      const sent = request({});
      await expect(bus.request('probe.use-case', sent)).resolves.toEqual({ correlationId: sent.correlationId, caller: 'ann@example.com' });
      await expect(bus.request('probe.use-case', request({ fail: 'refuse' }))).rejects.toMatchObject({
        code: 102,
        message: 'You are not authorized to access bug #7.',
      });
      const crashed = request({ fail: 'crash' });
      const error = (await bus.request('probe.use-case', crashed).catch((e: unknown) => e)) as DomainError;
      expect(error).toMatchObject({ code: 100500 });
      expect(error.message).toContain(crashed.correlationId);
      expect(error.message).not.toContain('secret');
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
      await expect(failure).rejects.toMatchObject({ code: 100504 });
      await expect(failure).rejects.toThrow(/did not answer within 3000 ms \('probe.slow'\); the request may still be carried out/);
    });

    it('carries replies and requests of any size (here 6 MB each way)', async () => {
      const texts = await bus.request<string[]>('probe.large', request({ count: 6, size: 1_000_000 }));
      expect(texts.map((text) => text.length)).toEqual([1e6, 1e6, 1e6, 1e6, 1e6, 1e6]);
      expect(texts.map((text) => text.slice(0, 4))).toEqual(['0:aa', '1:bb', '2:cc', '3:dd', '4:ee', '5:ff']);
      await expect(bus.request('probe.measure', request({ texts }))).resolves.toEqual({ count: 6, characters: 6e6, last: '5:ffffffffff' });
    }, 20_000);

    it('keeps small and large requests apart when they run at once', async () => {
      const sizes = [10, 1_500_000, 20, 2_500_000, 30];
      const replies = await Promise.all(sizes.map((size) => bus.request<string[]>('probe.large', request({ count: 1, size }))));
      expect(replies.map((reply) => reply[0]?.length)).toEqual(sizes);
    }, 20_000);

    it('answers an answer that cannot be sent as an error, and keeps serving', async () => {
      await expect(bus.request('probe.unserialisable', request(null))).rejects.toMatchObject({ code: 100500 });
      await expect(bus.request('bugs.health', request(null))).resolves.toEqual({ service: 'bugs', status: 'ok' });
    });

    it('turns an unreachable database into the retryable 503 error', async () => {
      const failure = bus.request('probe.database-away', request(null));
      await expect(failure).rejects.toMatchObject({ code: 100503 });
      await expect(failure).rejects.toThrow(/database could not be reached/);
    });

    it('says at once that nothing answers a subject', async () => {
      const started = Date.now();
      const failure = bus.request('nobody.listens', request(null));
      await expect(failure).rejects.toMatchObject({ code: 100503 });
      await expect(failure).rejects.toThrow(/The nobody service is not running \(nothing answers 'nobody.listens'\); nothing was changed/);
      expect(Date.now() - started).toBeLessThan(150);
    });
  });
}

describeTransport('the in-process transport', () => ({ transport: 'in-process', timeoutMs: 3_000 }));

describeWithServers(['nats'], 'message bus over the real NATS server', () => {
  const subjectPrefix = `test-${randomUUID().slice(0, 8)}.`;
  describeTransport('NATS', () => ({ transport: 'nats', natsUrl: TEST_SERVER_URLS.nats, subjectPrefix, timeoutMs: 3_000 }));

  it('reports an unreachable NATS server as a clean error', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [MessagingModule.forRoot({ transport: 'nats', natsUrl: 'nats://127.0.0.1:1', subjectPrefix, timeoutMs: 500 })],
    }).compile();
    const bus = moduleRef.get<MessageBus>(MESSAGE_BUS);
    await expect(bus.request('probe.echo', request(null))).rejects.toMatchObject({ code: 100503 });
    await moduleRef.close();
  });
});
