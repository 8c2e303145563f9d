import { Global, Module } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '@tracker/platform/event-store';
import { CLOCK, systemClock } from './clock';
import { CommandHandler } from './command-handler';

/** Provides the command handler and the clock to every service module of the process. */
@Global()
@Module({
  providers: [
    { provide: CommandHandler, inject: [EVENT_STORE], useFactory: (store: EventStore) => new CommandHandler(store) },
    { provide: CLOCK, useValue: systemClock },
  ],
  exports: [CommandHandler, CLOCK],
})
export class CommandsModule {}
