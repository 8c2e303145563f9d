import type { CredentialCacheLimits } from './auth/credential-cache';
import type { EnvReader } from '@tracker/platform/config';
import type { IdempotencyStoreOptions } from './idempotency/idempotency-store';

/** What the gateway needs from configuration. */
export interface GatewayOptions {
  /** largest request body accepted; a larger one is refused with code 58 (HTTP 413) */
  readonly maxBodyBytes: number;
  /**
   * the client address is the client's own (a trusted proxy's X-Forwarded-For, or direct
   * connections), not a proxy's shared by many: identity may lock it out across accounts
   */
  readonly addressIdentifiesClient: boolean;
  /**
   * TRACKER_MAX_ATTACHMENT_KB × 1024: the most decoded bytes an upload route's streamed
   * field may hold; more is 600, decided while streaming (docs/attachments.md §6.2)
   */
  readonly maxAttachmentBytes: number;
  /** API keys and login tokens kept in the gateway (auth/known-credentials.ts); default 10,000 for 60 s; 0 entries: off */
  readonly credentialCache?: CredentialCacheLimits;
  /** how long Idempotency-Key records are kept (idempotency/); the store is the process's SQL_CONNECTION */
  readonly idempotency?: IdempotencyStoreOptions;
}

/**
 * TRACKER_IDEMPOTENCY_TTL_HOURS (default 24); an entry in flight longer than the longest a
 * request can wait (a few bus timeouts, `requestTimeoutMs`) lost its gateway and is in doubt.
 */
export function readIdempotencyOptions(env: EnvReader, requestTimeoutMs: number): IdempotencyStoreOptions {
  return {
    ttlHours: env.int('TRACKER_IDEMPOTENCY_TTL_HOURS', 24, { min: 1, max: 24 * 365 }),
    inFlightLimitMs: 4 * requestTimeoutMs + 60_000,
  };
}

/**
 * TRACKER_MAX_ATTACHMENT_KB (Bugzilla's maxattachmentsize, default 1000) in bytes, for the
 * config.ts of each process that holds the gateway (docs/attachments.md §8).
 */
export function readMaxAttachmentBytes(env: EnvReader): number {
  return env.int('TRACKER_MAX_ATTACHMENT_KB', 1000, { min: 1, max: 2 * 1024 * 1024 }) * 1024;
}

export const GATEWAY_OPTIONS = Symbol('GATEWAY_OPTIONS');
