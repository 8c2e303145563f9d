import { Global, Module } from '@nestjs/common';
import { EVENT_STORE, EVENT_STREAMS, type EventStore, type EventStreams } from '@tracker/platform/event-store';
import { CLOCK, systemClock } from './clock';
import { CommandHandler } from './command-handler';

/** Provides the command handler and the clock to every service module of the process. */
@Global()
@Module({
  providers: [
    {
      provide: CommandHandler,
      inject: [EVENT_STORE, EVENT_STREAMS],
      useFactory: (store: EventStore, streams: EventStreams) => new CommandHandler(store, streams),
    },
    { provide: CLOCK, useValue: systemClock },
  ],
  exports: [CommandHandler, CLOCK],
})
export class CommandsModule {}
