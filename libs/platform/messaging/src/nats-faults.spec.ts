import { randomUUID } from 'node:crypto';
import type { ClientProxy } from '@nestjs/microservices';
import { type NatsConnection, connect } from 'nats';
import { ANONYMOUS, type DomainError, type ServiceRequest } from '@tracker/contracts';
import { type OwnNatsServer, startOwnNatsServer, waitUntil } from '@tracker/testing';
import { ClientProxyMessageBus } from './client-proxy-message-bus';
import { PrefixedNatsClient } from './nats-client';
import { natsConnectionOptions } from './nats-connection-options';
import { InFlightLostError, PendingRequests } from './pending-requests';

const request = <P>(params: P): ServiceRequest<P> => ({ auth: ANONYMOUS, correlationId: `corr-${randomUUID()}`, params });
const TIMEOUT_MS = 15_000;

/** A process of the `bugs` service, reduced to what matters: it answers its health and `bugs.echo`, and never answers `bugs.slow`. */
async function startResponder(url: string, prefix: string): Promise<NatsConnection> {
  const connection = await connect(natsConnectionOptions(url));
  const answer = (subject: string, result: (params: unknown) => unknown): void => {
    connection.subscribe(`${prefix}${subject}`, {
      callback: (_error, message) => {
        const packet = JSON.parse(new TextDecoder().decode(message.data)) as { id: string; data: ServiceRequest<unknown> };
        const reply = { id: packet.id, response: { ok: true, result: result(packet.data.params) }, isDisposed: true };
        message.respond(new TextEncoder().encode(JSON.stringify(reply)));
      },
    });
  };
  answer('bugs.health', () => ({ service: 'bugs', status: 'ok' }));
  answer('bugs.echo', (params) => params);
  connection.subscribe(`${prefix}bugs.slow`);
  await connection.flush();
  return connection;
}

/** How long `promise` took to settle, and its error. */
async function failureOf(promise: Promise<unknown>): Promise<{ error: DomainError; ms: number }> {
  const started = Date.now();
  const error = (await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (failure: unknown) => failure,
  )) as DomainError;
  return { error, ms: Date.now() - started };
}

describe('requests in flight over NATS fail as soon as their answer cannot come', () => {
  let nats: OwnNatsServer;
  let client: PrefixedNatsClient;
  let bus: ClientProxyMessageBus;
  let responder: NatsConnection;
  const prefix = `faults-${randomUUID().slice(0, 8)}.`;

  beforeAll(async () => {
    nats = await startOwnNatsServer();
    client = new PrefixedNatsClient(natsConnectionOptions(nats.url), prefix);
    bus = new ClientProxyMessageBus(client as unknown as ClientProxy, TIMEOUT_MS);
    responder = await startResponder(nats.url, prefix);
  });
  afterAll(async () => {
    await client.close();
    await responder.close().catch(() => undefined);
    await nats.stop();
  });

  it('when the process that took the request dies: 504 "may have been carried out" within ~2 s, not after 15 s', async () => {
    await expect(bus.request('bugs.echo', request({ n: 1 }))).resolves.toEqual({ n: 1 });
    const pending = bus.request('bugs.slow', request(null));
    setTimeout(() => void responder.close(), 300);
    const { error, ms } = await failureOf(pending);
    expect(error).toMatchObject({ code: 100504 });
    expect(error.message).toMatch(
      /The answer of the bugs service to 'bugs.slow' was lost \(no process of the bugs service is running any more\); the request may have been carried out/,
    );
    expect(ms).toBeLessThan(4000);
    responder = await startResponder(nats.url, prefix);
  });

  it('while the process is alive and slow, the probe leaves the request to its timeout', async () => {
    const shortBus = new ClientProxyMessageBus(client as unknown as ClientProxy, 3000);
    const { error, ms } = await failureOf(shortBus.request('bugs.slow', request(null)));
    expect(error.message).toMatch(/did not answer within 3000 ms/);
    expect(ms).toBeGreaterThanOrEqual(2900);
  });

  it('when NATS is lost: in flight 504 at once, new requests 503 at once; after NATS is back, requests are answered again', async () => {
    const pending = bus.request('bugs.slow', request(null));
    setTimeout(() => void nats.kill(), 300);
    const inFlight = await failureOf(pending);
    expect(inFlight.error).toMatchObject({ code: 100504 });
    expect(inFlight.error.message).toMatch(/was lost \(the connection to NATS was lost\); the request may have been carried out/);
    expect(inFlight.ms).toBeLessThan(2000);
    expect(client.connection.problem()).toMatchObject({ connection: 'nats', error: expect.stringMatching(/disconnected/) as string });

    const refused = await failureOf(bus.request('bugs.echo', request({ n: 2 })));
    expect(refused.error).toMatchObject({ code: 100503 });
    expect(refused.error.message).toMatch(/The bugs service could not be reached \('bugs.echo'\); please retry later/);
    expect(refused.ms).toBeLessThan(1000);

    await new Promise((resolve) => setTimeout(resolve, 3000));
    await nats.start();
    await waitUntil(() => client.connection.connected, 10_000);
    // the responder reconnects on its own schedule: until it has, NATS says nothing answers (503)
    let answered: unknown;
    const deadline = Date.now() + 10_000;
    while (answered === undefined && Date.now() < deadline) {
      answered = await bus.request('bugs.echo', request({ n: 3 })).catch(() => new Promise((resolve) => setTimeout(resolve, 100)));
    }
    expect(answered).toEqual({ n: 3 });
    expect(client.connection.problem()).toBeUndefined();
  });
});

describe('PendingRequests', () => {
  it('fails the requests of a service no process answers for, and only those waiting longer than the probe delay', async () => {
    const failed: string[] = [];
    const pending = new PendingRequests((service) => Promise.resolve(service !== 'bugs'), 60_000);
    pending.add('bugs.create', (error) => failed.push(`old ${error.message}`), 0);
    pending.add('catalog.products.get', (error) => failed.push(`catalog ${error.message}`), 0);
    pending.add('bugs.update', (error) => failed.push(`new ${error.message}`), 59_000);
    pending.add('gateway.credentials-changed.x', (error) => failed.push(`gateway ${error.message}`), 0);
    await pending.probeServices(60_000);
    expect(failed).toEqual(['old the answer to bugs.create was lost: no process of the bugs service is running any more']);
    expect(pending.size).toBe(3);
    pending.failAll('the connection to NATS was lost');
    expect(failed).toHaveLength(4);
    expect(pending.size).toBe(0);
    pending.close();
  });

  it('forgets an answered request', () => {
    const pending = new PendingRequests(() => Promise.resolve(false));
    const forget = pending.add('bugs.create', () => {
      throw new InFlightLostError('bugs.create', 'must not be called');
    });
    forget();
    expect(pending.size).toBe(0);
    pending.close();
  });
});
