import { Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';

/** The mailer service: its message handlers, read model and domain wiring. */
@Module({
  controllers: [healthController('mailer')],
})
export class MailerModule {}
