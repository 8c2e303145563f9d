import { type DynamicModule, Module } from '@nestjs/common';
import { MailerModule } from '@tracker/mailer/app';
import { PlatformModule } from '@tracker/platform/runtime';
import type { MailerConfig } from './config';

/** The mailer service as its own process, on real infrastructure. */
@Module({})
export class MailerAppModule {
  static forRoot(config: MailerConfig): DynamicModule {
    return { module: MailerAppModule, imports: [PlatformModule.forRoot(config.platform), MailerModule] };
  }
}
