/** What the gateway needs from configuration. */
export interface GatewayOptions {
  /** largest request body accepted; a larger one is refused with code 58 (HTTP 413) */
  readonly maxBodyBytes: number;
}

export const GATEWAY_OPTIONS = Symbol('GATEWAY_OPTIONS');
