import { SERVICE_NAMES, type ServiceName } from '@tracker/contracts';
import { EnvReader } from '@tracker/platform/config';
import type { MessagingConfig } from '@tracker/platform/messaging';
import { readHttpConfig, readNatsConfig } from '@tracker/platform/runtime';

/** The processes of the image: an HTTP one (gateway, standalone) or a service on NATS. */
export type CheckedProcess =
  | { readonly kind: 'http'; readonly name: 'gateway' | 'standalone'; readonly port: number }
  | { readonly kind: 'service'; readonly name: ServiceName; readonly messaging: MessagingConfig };

/** The only place the healthcheck reads its environment: the same variables as the process it checks. */
export function loadHealthcheckConfig(environment: NodeJS.ProcessEnv): Readonly<CheckedProcess> {
  const env = new EnvReader(environment);
  const name = env.oneOf('TRACKER_SERVICE', ['gateway', 'standalone', ...SERVICE_NAMES] as const, 'gateway');
  if (name === 'gateway' || name === 'standalone') return env.finish({ kind: 'http', name, port: readHttpConfig(env).port });
  return env.finish({ kind: 'service', name, messaging: readNatsConfig(env) });
}
