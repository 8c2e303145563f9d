import { type MailerOptions, readMailerOptions, readMailQueueConfig } from '@tracker/mailer/app';
import { EnvReader } from '@tracker/platform/config';
import type { MailQueueConfig } from '@tracker/platform/mail-queue';
import { type ServicePlatformConfig, readDistributedPlatformConfig } from '@tracker/platform/runtime';

export interface MailerConfig {
  readonly platform: ServicePlatformConfig;
  readonly mailer: MailerOptions;
  readonly mailQueue: MailQueueConfig;
  /** the process's niceness (0 to 19): mail yields the CPU to the services' requests (process-priority.ts) */
  readonly nice: number;
}

/** The only place the mailer process reads its environment. */
export function loadMailerConfig(environment: NodeJS.ProcessEnv): Readonly<MailerConfig> {
  const env = new EnvReader(environment);
  return env.finish({
    platform: readDistributedPlatformConfig(env),
    mailer: readMailerOptions(env, null),
    mailQueue: readMailQueueConfig(env, 'bullmq'),
    nice: env.int('TRACKER_MAILER_NICE', 0, { min: 0, max: 19 }),
  });
}
