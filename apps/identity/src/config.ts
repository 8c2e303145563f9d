import { type IdentityOptions, readIdentityOptions } from '@tracker/identity/app';
import { EnvReader } from '@tracker/platform/config';
import { type ServicePlatformConfig, readDistributedPlatformConfig } from '@tracker/platform/runtime';

export interface IdentityConfig {
  readonly platform: ServicePlatformConfig;
  readonly identity: IdentityOptions;
}

/** The only place the identity process reads its environment. */
export function loadIdentityConfig(environment: NodeJS.ProcessEnv): Readonly<IdentityConfig> {
  const env = new EnvReader(environment);
  return env.finish({ platform: readDistributedPlatformConfig(env), identity: readIdentityOptions(env) });
}
