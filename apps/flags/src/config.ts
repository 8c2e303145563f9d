import { type FlagsOptions, readFlagsOptions } from '@tracker/flags/app';
import { EnvReader } from '@tracker/platform/config';
import { type ServicePlatformConfig, readDistributedPlatformConfig } from '@tracker/platform/runtime';

export interface FlagsConfig {
  readonly platform: ServicePlatformConfig;
  readonly flags: FlagsOptions;
}

/** The only place the flags process reads its environment. */
export function loadFlagsConfig(environment: NodeJS.ProcessEnv): Readonly<FlagsConfig> {
  const env = new EnvReader(environment);
  return env.finish({ platform: readDistributedPlatformConfig(env), flags: readFlagsOptions(env) });
}
