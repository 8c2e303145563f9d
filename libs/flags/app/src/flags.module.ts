import { Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';

/** The flags service: its message handlers, read model and domain wiring. */
@Module({
  controllers: [healthController('flags')],
})
export class FlagsModule {}
