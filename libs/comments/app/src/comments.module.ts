import { Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';

/** The comments service: its message handlers, read model and domain wiring. */
@Module({
  controllers: [healthController('comments')],
})
export class CommentsModule {}
