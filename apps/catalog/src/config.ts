import { type CatalogOptions, readCatalogOptions } from '@tracker/catalog/app';
import { EnvReader } from '@tracker/platform/config';
import { type ServicePlatformConfig, readDistributedPlatformConfig } from '@tracker/platform/runtime';

export interface CatalogConfig {
  readonly platform: ServicePlatformConfig;
  readonly catalog: CatalogOptions;
}

/** The only place the catalog process reads its environment. */
export function loadCatalogConfig(environment: NodeJS.ProcessEnv): Readonly<CatalogConfig> {
  const env = new EnvReader(environment);
  return env.finish({ platform: readDistributedPlatformConfig(env), catalog: readCatalogOptions(env) });
}
