import { EnvReader } from '@tracker/platform/config';
import { type HttpConfig, type PlatformConfig, readEmbeddedPlatformConfig, readHttpConfig } from '@tracker/platform/runtime';

export interface StandaloneConfig {
  readonly platform: PlatformConfig;
  readonly http: HttpConfig;
}

/** The only place the standalone process reads its environment. */
export function loadStandaloneConfig(environment: NodeJS.ProcessEnv): Readonly<StandaloneConfig> {
  const env = new EnvReader(environment);
  return env.finish({ platform: readEmbeddedPlatformConfig(env), http: readHttpConfig(env) });
}
