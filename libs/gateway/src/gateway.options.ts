import type { CredentialCacheLimits } from './auth/credential-cache';

/** What the gateway needs from configuration. */
export interface GatewayOptions {
  /** largest request body accepted; a larger one is refused with code 58 (HTTP 413) */
  readonly maxBodyBytes: number;
  /**
   * the client address is the client's own (a trusted proxy's X-Forwarded-For, or direct
   * connections), not a proxy's shared by many: identity may lock it out across accounts
   */
  readonly addressIdentifiesClient: boolean;
  /** API keys and login tokens kept in the gateway (auth/known-credentials.ts); default 10,000 for 60 s; 0 entries: off */
  readonly credentialCache?: CredentialCacheLimits;
}

export const GATEWAY_OPTIONS = Symbol('GATEWAY_OPTIONS');
