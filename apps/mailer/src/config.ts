import { EnvReader } from '@tracker/platform/config';
import { type PlatformConfig, readDistributedPlatformConfig } from '@tracker/platform/runtime';

export interface MailerConfig {
  readonly platform: PlatformConfig;
}

/** The only place the mailer process reads its environment. */
export function loadMailerConfig(environment: NodeJS.ProcessEnv): Readonly<MailerConfig> {
  const env = new EnvReader(environment);
  return env.finish({ platform: readDistributedPlatformConfig(env) });
}
