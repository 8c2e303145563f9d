import type { EnvReader } from '@tracker/platform/config';

/** Where and how the HTTP gateway listens. */
export interface HttpConfig {
  readonly port: number;
  readonly host: string;
  readonly maxBodyBytes: number;
  /** take the client address from X-Forwarded-For (behind an ingress or load balancer) */
  readonly trustProxy: boolean;
}

export function readHttpConfig(env: EnvReader): HttpConfig {
  return {
    port: env.int('PORT', 3000, { min: 0, max: 65_535 }),
    host: env.string('TRACKER_HOST', '0.0.0.0'),
    maxBodyBytes: env.int('TRACKER_MAX_BODY_BYTES', 10 * 1024 * 1024, { min: 1024, max: 1024 * 1024 * 1024 }),
    trustProxy: env.boolean('TRACKER_TRUST_PROXY', false),
  };
}
