import { Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';

/** The identity service: its message handlers, read model and domain wiring. */
@Module({
  controllers: [healthController('identity')],
})
export class IdentityModule {}
