import { type DynamicModule, Module } from '@nestjs/common';
import { MailerModule } from '@tracker/mailer/app';
import { type MailQueueConfig, MailQueueModule } from '@tracker/platform/mail-queue';
import { PlatformModule } from '@tracker/platform/runtime';
import type { MailerConfig } from './config';

/** The mailer service as its own process, on real infrastructure: the notifier, queuing on Redis. */
@Module({})
export class MailerAppModule {
  static forRoot(config: MailerConfig): DynamicModule {
    return {
      module: MailerAppModule,
      imports: [PlatformModule.forRoot(config.platform), MailQueueModule.forRoot(queueOf(config)), MailerModule.forRoot(config.mailer)],
    };
  }
}

/** A migration run (TRACKER_MIGRATE_ONLY) builds the module and exits: it must not need Redis. */
function queueOf(config: MailerConfig): MailQueueConfig {
  const { attempts, backoffMs } = config.mailQueue;
  return config.platform.migrateOnly ? { adapter: 'in-process', attempts, backoffMs } : config.mailQueue;
}
