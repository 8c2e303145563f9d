import { Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';

/** The bugs service: its message handlers, read model and domain wiring. */
@Module({
  controllers: [healthController('bugs')],
})
export class BugsModule {}
