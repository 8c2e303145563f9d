import { type DynamicModule, Module } from '@nestjs/common';
import { CommandsModule } from '@tracker/platform/command-handler';
import { EventStoreModule } from '@tracker/platform/event-store';
import { MessagingModule } from '@tracker/platform/messaging';
import { SqlModule } from '@tracker/platform/sql';
import { TracingShutdown } from '@tracker/platform/tracing';
import type { PlatformConfig } from './platform.config';

/** The infrastructure every service process stands on: SQL connection, event store, message bus, command handler, clock; spans flushed at shutdown. */
@Module({})
export class PlatformModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        SqlModule.forRoot(config.sql),
        EventStoreModule.forRoot(config.eventStore),
        MessagingModule.forRoot(config.messaging),
        CommandsModule,
      ],
      providers: [TracingShutdown],
    };
  }
}
