import type { EnvReader } from '@tracker/platform/config';

/** Where and how the HTTP gateway listens. */
export interface HttpConfig {
  readonly port: number;
  readonly host: string;
  readonly maxBodyBytes: number;
  /** take the client address from X-Forwarded-For (behind an ingress or load balancer) */
  readonly trustProxy: boolean;
  /** clients connect to the gateway itself, no proxy in between: the connection's address is theirs */
  readonly directClients: boolean;
  /** API keys and login tokens the gateway remembers (docs/identity.md, "Credential cache"); 0 turns the cache off */
  readonly credentialCacheEntries: number;
}

/**
 * Whether the address the gateway sees is the client's own, so that locking it out locks
 * out that client only: taken from a trusted proxy's X-Forwarded-For, or from the
 * connection when clients connect directly. Otherwise it may be a proxy's, shared by all.
 */
export function addressIdentifiesClient(http: HttpConfig): boolean {
  return http.trustProxy || http.directClients;
}

export function readHttpConfig(env: EnvReader): HttpConfig {
  const trustProxy = env.boolean('TRACKER_TRUST_PROXY', false);
  const directClients = env.boolean('TRACKER_DIRECT_CLIENTS', false);
  // with direct clients, X-Forwarded-For is whatever a client wrote: trusting it would let anyone pick an address
  if (trustProxy && directClients)
    env.invalid(
      'TRACKER_DIRECT_CLIENTS',
      'true',
      'contradicts TRACKER_TRUST_PROXY=true (a proxy in front means clients do not connect directly)',
    );
  return {
    port: env.int('PORT', 3000, { min: 0, max: 65_535 }),
    host: env.string('TRACKER_HOST', '0.0.0.0'),
    maxBodyBytes: env.int('TRACKER_MAX_BODY_BYTES', 10 * 1024 * 1024, { min: 1024, max: 1024 * 1024 * 1024 }),
    trustProxy,
    directClients,
    credentialCacheEntries: env.int('TRACKER_CREDENTIAL_CACHE_SIZE', 10_000, { min: 0, max: 1_000_000 }),
  };
}
