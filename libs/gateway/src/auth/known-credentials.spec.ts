import { ANONYMOUS, type AuthContext, DomainError } from '@tracker/contracts';
import { ConnectionState, ConnectionStates, type MessageBus, type MessageEndpoints } from '@tracker/platform/messaging';
import { KnownCredentials } from './known-credentials';

const ann: AuthContext = { ...ANONYMOUS, userId: 3, login: 'ann@example.com', ip: '10.0.0.1' };
const identityAway = (): Promise<never> => Promise.reject(new DomainError('serviceUnavailable', 'The identity service is not running'));

/** A gateway's KnownCredentials with a granted 45 s lease and an entry that expires at once (ttl 1 ms). */
async function gatewayWithLease(): Promise<{ known: KnownCredentials; nats: ConnectionState; stop: () => Promise<void> }> {
  const bus = { request: () => Promise.resolve({ leaseMs: 45_000 }) } as unknown as MessageBus;
  const endpoints: MessageEndpoints = { serve: () => Promise.resolve(() => undefined) };
  const states = new ConnectionStates();
  const nats = states.add(new ConnectionState('nats', undefined));
  const known = new KnownCredentials(bus, endpoints, { credentialCache: { maxEntries: 10, ttlMs: 1 } } as never, states);
  await known.onApplicationBootstrap();
  await new Promise((resolve) => setTimeout(resolve, 50)); // the first renewal
  return { known, nats, stop: () => known.onModuleDestroy() };
}

describe('KnownCredentials during an identity outage', () => {
  it('answers an entry past its TTL while identity is away and the lease holds; identity answering again wins', async () => {
    const { known, stop } = await gatewayWithLease();
    const key = known.keyOf({ method: 'api_key', apiKey: 'k1' }, '10.0.0.1') ?? '';
    await known.fetch(key, () => Promise.resolve(ann), '10.0.0.1');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(known.lookup(key, '10.0.0.9')).toBeUndefined(); // expired: identity is asked first
    await expect(known.fetch(key, identityAway, '10.0.0.9')).resolves.toEqual({ ...ann, ip: '10.0.0.9' });
    const renamed = { ...ann, login: 'ann@new.example.com' };
    await expect(known.fetch(key, () => Promise.resolve(renamed), '10.0.0.1')).resolves.toEqual(renamed);
    await stop();
  });

  it('answers no stale entry once identity said it changed, nor after this gateway lost NATS', async () => {
    const { known, nats, stop } = await gatewayWithLease();
    const key = known.keyOf({ method: 'api_key', apiKey: 'k2' }, '10.0.0.1') ?? '';
    await known.fetch(key, () => Promise.resolve(ann), '10.0.0.1');
    nats.lost('disconnected');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(known.fetch(key, identityAway, '10.0.0.1')).rejects.toThrow('The identity service is not running');
    await stop();
  });

  it('never answers a password from the cache', async () => {
    const { known, stop } = await gatewayWithLease();
    expect(
      known.keyOf({ method: 'password', login: 'ann@example.com', password: 'secret', restrictToIp: false }, '10.0.0.1'),
    ).toBeUndefined();
    await stop();
  });
});
