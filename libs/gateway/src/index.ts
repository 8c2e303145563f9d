export * from './gateway.module';
export * from './gateway.options';
export type { IdempotencyStoreOptions } from './idempotency/idempotency-store';
export * from './rest-pipeline';
export * from './routing/route';
export * from './routing/route-table';
export { CREDENTIAL_CACHE_TTL_MS, type CredentialCacheLimits } from './auth/credential-cache';
