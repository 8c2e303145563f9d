import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestMicroservice } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  IN_PROCESS_BROKER,
  type MessagingConfig,
  MessagingModule,
  healthController,
  messageServerStrategy,
} from '@tracker/platform/messaging';
import { TEST_SERVER_URLS, describeWithServers } from '@tracker/testing';
import { loadHealthcheckConfig } from './config';
import { probeHttp, probeService } from './probes';

describe('healthcheck configuration: the process the container runs', () => {
  it('given a service, then it is checked over NATS with the container own NATS variables', () => {
    expect(
      loadHealthcheckConfig({ TRACKER_SERVICE: 'bugs', TRACKER_NATS_URL: 'nats://nats:4222', TRACKER_NATS_SUBJECT_PREFIX: 'acme.' }),
    ).toEqual({
      kind: 'service',
      name: 'bugs',
      messaging: { transport: 'nats', natsUrl: 'nats://nats:4222', subjectPrefix: 'acme.', timeoutMs: 15_000 },
    });
  });

  it('given the gateway or standalone, then it is checked over HTTP on PORT', () => {
    expect(loadHealthcheckConfig({ PORT: '8080' })).toEqual({ kind: 'http', name: 'gateway', port: 8080 });
    expect(loadHealthcheckConfig({ TRACKER_SERVICE: 'standalone' })).toEqual({ kind: 'http', name: 'standalone', port: 3000 });
  });

  it('given a process the image does not have, then it says which ones it has', () => {
    expect(() => loadHealthcheckConfig({ TRACKER_SERVICE: 'billing' })).toThrow(
      'TRACKER_SERVICE=billing is not one of: gateway, standalone, identity, catalog, bugs, comments, flags, mailer',
    );
  });
});

describe('healthcheck over HTTP', () => {
  let server: Server;
  let answer: { status: number; body: string };

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(request.url === '/rest/version' ? answer.status : 404, { 'content-type': 'application/json' }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (): number => (server.address() as AddressInfo).port;

  it('given the version answered, then healthy, naming it', async () => {
    answer = { status: 200, body: '{"version":"5.2"}' };
    await expect(probeHttp(port())).resolves.toEqual({ healthy: true, message: `http://127.0.0.1:${port()}/rest/version: version 5.2` });
  });

  it('given an error status, then unhealthy, naming it', async () => {
    answer = { status: 503, body: '{"error":true}' };
    await expect(probeHttp(port())).resolves.toEqual({ healthy: false, message: `http://127.0.0.1:${port()}/rest/version answered 503` });
  });

  it('given nothing listening, then unhealthy', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const verdict = await probeHttp(closedPort);
    expect(verdict.healthy).toBe(false);
    expect(verdict.message).toContain(`http://127.0.0.1:${closedPort}/rest/version: `);
  });
});

describeWithServers(['nats'], 'healthcheck of a service over the real NATS', () => {
  const messaging: MessagingConfig = {
    transport: 'nats',
    natsUrl: TEST_SERVER_URLS.nats,
    subjectPrefix: `hc-${randomUUID().slice(0, 8)}.`,
    timeoutMs: 3000,
  };
  let server: INestMicroservice;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [MessagingModule.forRoot(messaging)],
      controllers: [healthController('flags')],
    }).compile();
    server = moduleRef.createNestMicroservice({
      strategy: messageServerStrategy(messaging, moduleRef.get(IN_PROCESS_BROKER), 'flags'),
      logger: false,
    });
    await server.listen();
  });
  afterAll(async () => server.close());

  it('given the service answers its health message, then healthy', async () => {
    await expect(probeService('flags', messaging)).resolves.toEqual({ healthy: true, message: 'flags: ok' });
  });

  it('given no process of the service, then unhealthy, saying nothing answers', async () => {
    const verdict = await probeService('mailer', messaging);
    expect(verdict.healthy).toBe(false);
    expect(verdict.message).toMatch(/^mailer: The mailer service is not running/);
  });
});
