import { type BugsOptions, readBugsOptions } from '@tracker/bugs/app';
import { EnvReader } from '@tracker/platform/config';
import { type ServicePlatformConfig, readDistributedPlatformConfig } from '@tracker/platform/runtime';

export interface BugsConfig {
  readonly platform: ServicePlatformConfig;
  readonly bugs: BugsOptions;
}

/** The only place the bugs process reads its environment. */
export function loadBugsConfig(environment: NodeJS.ProcessEnv): Readonly<BugsConfig> {
  const env = new EnvReader(environment);
  return env.finish({ platform: readDistributedPlatformConfig(env), bugs: readBugsOptions(env) });
}
