import { Controller, Get, Injectable, Module, type OnModuleDestroy } from '@nestjs/common';
import { http } from '@tracker/testing';
import type { AddressInfo, Server } from 'node:net';
import { HTTP_FRAMEWORK_ERRORS, closeHttpApplication, createHttpApplication } from './start-http';

/** A route that answers only when the test lets it, so a request is surely in flight. */
const slow = { entered: (): void => undefined, release: (): void => undefined };

@Controller()
class SlowController {
  @Get('slow')
  async slow(): Promise<{ answered: boolean }> {
    await new Promise<void>((resolve) => {
      slow.release = resolve;
      slow.entered();
    });
    order.push('answered');
    return { answered: true };
  }
}

/** What a module hook sees: the gateway's hooks close the message bus the answers need. */
const order: string[] = [];

@Injectable()
class BusLikeLifecycle implements OnModuleDestroy {
  onModuleDestroy(): void {
    order.push('module hooks');
  }
}

// createHttpApplication looks this up (the gateway provides it); Nest exits on a missing provider
@Module({
  controllers: [SlowController],
  providers: [BusLikeLifecycle, { provide: HTTP_FRAMEWORK_ERRORS, useValue: { answerFrameworkError: () => undefined } }],
})
class SlowModule {}

describe('closeHttpApplication (the gateway on SIGTERM)', () => {
  it('refuses new connections at once, answers the request in flight, and only then runs the module hooks', async () => {
    const app = await createHttpApplication(
      { module: SlowModule },
      { port: 0, host: '127.0.0.1', maxBodyBytes: 1024, trustProxy: false, directClients: true, credentialCacheEntries: 0 },
      ['error'],
    );
    await app.listen(0, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`;
    const entered = new Promise<void>((resolve) => (slow.entered = resolve));
    const inFlight = http(baseUrl, '/slow');
    await entered;

    let closed = false;
    const closing = closeHttpApplication(app).then(() => (closed = true));
    await expect(http(baseUrl, '/slow')).rejects.toThrow(/ECONNREFUSED/);
    expect(closed).toBe(false);
    expect(order).toEqual([]);
    slow.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ answered: true });
    await closing;
    expect(closed).toBe(true);
    expect(order).toEqual(['answered', 'module hooks']);
  });
});
