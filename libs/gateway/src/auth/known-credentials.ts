import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, Optional } from '@nestjs/common';
import {
  ANONYMOUS,
  type AuthContext,
  ErrorCode,
  type Credentials,
  type CredentialsChange,
  credentialsChangedSubject,
  isDomainError,
  RENEW_GATEWAY_LEASE_SUBJECT,
  type RenewGatewayLeaseParams,
  type RenewGatewayLeaseResult,
} from '@tracker/contracts';
import {
  CONNECTION_STATES,
  type ConnectionStates,
  MESSAGE_BUS,
  MESSAGE_ENDPOINTS,
  type MessageBus,
  type MessageEndpoints,
} from '@tracker/platform/messaging';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway.options';
import { CredentialCache, DEFAULT_CREDENTIAL_CACHE_LIMITS } from './credential-cache';
import { CredentialLease } from './credential-lease';

/** Without a lease, ask again soon; with one, every 5 s (at most a third of it), so an outage starts with most of the lease left. */
const RETRY_WITHOUT_LEASE_MS = 500;
const RENEW_EVERY_MS = 5000;
/** identity did not answer: not running, unreachable, or died while asked; a stale entry may answer meanwhile */
const IDENTITY_AWAY = new Set<number>([ErrorCode.serviceUnavailable, ErrorCode.serviceTimeout]);

/**
 * The gateway's memory of API keys and login tokens (docs/identity.md, "Credential
 * cache"): served only while identity's lease holds, emptied on identity's word or when
 * this gateway loses NATS, and bridging an identity outage for as long as the lease. A
 * password is never cached here (identity must check it, and its lockouts, each time).
 */
@Injectable()
export class KnownCredentials implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('KnownCredentials');
  private readonly gatewayId = randomUUID();
  private readonly digestKey = randomBytes(32);
  private readonly cache: CredentialCache;
  /** a cache of no entries is off: every call asks identity, and no lease is held */
  private readonly enabled: boolean;
  private readonly lease = new CredentialLease();
  private timer: NodeJS.Timeout | undefined;
  private stopServing: (() => void) | undefined;
  private stopped = false;

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(MESSAGE_ENDPOINTS) private readonly endpoints: MessageEndpoints,
    @Inject(GATEWAY_OPTIONS) options: GatewayOptions,
    @Optional() @Inject(CONNECTION_STATES) connections?: ConnectionStates,
  ) {
    const limits = options.credentialCache ?? DEFAULT_CREDENTIAL_CACHE_LIMITS;
    this.cache = new CredentialCache(limits);
    this.enabled = limits.maxEntries > 0;
    // cut off from NATS, this gateway may miss an invalidation, and identity treats it as gone
    connections?.whenLost('nats', () => {
      this.lease.lost();
      this.cache.clear();
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) return;
    this.stopServing = await this.endpoints.serve<CredentialsChange, { forgotten: true }>(
      credentialsChangedSubject(this.gatewayId),
      (request) => {
        this.cache.forget(request.params);
        return Promise.resolve({ forgotten: true });
      },
    );
    this.schedule(0);
  }

  /** Stops answering from the cache, then gives the lease back so that no change waits out a gateway that is gone. */
  async onModuleDestroy(): Promise<void> {
    const held = this.stopServing !== undefined;
    this.stopped = true;
    clearTimeout(this.timer);
    this.cache.clear();
    this.stopServing?.();
    if (!held) return;
    const release = this.bus.request<RenewGatewayLeaseResult, RenewGatewayLeaseParams>(RENEW_GATEWAY_LEASE_SUBJECT, {
      auth: ANONYMOUS,
      correlationId: `lease-${this.gatewayId}`,
      params: { gatewayId: this.gatewayId, release: true },
    });
    // best effort: the lease runs out by itself within seconds
    await Promise.race([release.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }

  /** The cache key of credentials worth caching; undefined for a password. */
  keyOf(credentials: Credentials, ip: string): string | undefined {
    if (!this.enabled) return undefined;
    const hmac = createHmac('sha256', this.digestKey);
    switch (credentials.method) {
      case 'api_key':
        return hmac.update(`k\0${credentials.apiKey.trim()}`).digest('base64');
      case 'token': // a token may be bound to the address it was issued to
        return hmac.update(`t\0${ip}\0${credentials.token.trim()}`).digest('base64');
      case 'password':
        return undefined;
    }
  }

  /** The cached AuthContext for `key` with this request's address, while the lease holds. */
  lookup(key: string, ip: string): AuthContext | undefined {
    const now = performance.now();
    if (this.stopped || !this.lease.holds(now)) return undefined;
    const context = this.cache.get(key, now);
    return context && { ...context, ip };
  }

  /**
   * Asks identity through `fetch`, keeping the answer if nothing changed meanwhile. While
   * identity cannot answer, an entry past its TTL but never invalidated answers, as long
   * as the lease holds (identity can record no change meanwhile without telling us).
   */
  async fetch(key: string, fetch: () => Promise<AuthContext>, ip: string): Promise<AuthContext> {
    const askedAt = performance.now();
    const generation = this.cache.generation;
    let context: AuthContext;
    try {
      context = await fetch();
    } catch (error) {
      const now = performance.now();
      const stale = isDomainError(error) && IDENTITY_AWAY.has(error.code) && this.lease.holds(now) ? this.cache.stale(key, now) : undefined;
      if (!stale || this.stopped) throw error;
      return { ...stale, ip };
    }
    const now = performance.now();
    if (!this.stopped && this.lease.covers(askedAt, now)) this.cache.put(key, context, generation, now);
    return context;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.renew(), delayMs);
    this.timer.unref();
  }

  private async renew(): Promise<void> {
    const sentAt = performance.now();
    let next = RETRY_WITHOUT_LEASE_MS;
    try {
      const { leaseMs } = await this.bus.request<RenewGatewayLeaseResult, RenewGatewayLeaseParams>(RENEW_GATEWAY_LEASE_SUBJECT, {
        auth: ANONYMOUS,
        correlationId: `lease-${this.gatewayId}`,
        params: { gatewayId: this.gatewayId },
      });
      if (this.lease.renewed(sentAt, performance.now(), leaseMs)) this.cache.clear();
      next = Math.max(RETRY_WITHOUT_LEASE_MS, Math.min(RENEW_EVERY_MS, Math.floor(leaseMs / 3)));
    } catch (error) {
      if (!this.lease.holds(performance.now())) this.logger.debug(`no credential lease yet: ${String(error)}`);
    }
    this.schedule(next);
  }
}
