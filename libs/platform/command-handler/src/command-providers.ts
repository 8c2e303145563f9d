import type { Provider } from '@nestjs/common';
import { IdSequences, KeyedLocks, READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { CLOCK, type Clock } from './clock';
import { CommandHandler } from './command-handler';
import { CommandRunner } from './command-runner';

/**
 * The write side a service module provides to its handlers, each bound to the service's
 * own read model: CommandRunner, IdSequences and KeyedLocks. A handler injects only the
 * ones it uses (`ids: IdSequences<BugSequence>`).
 */
export function commandProviders(): Provider[] {
  return [
    {
      provide: CommandRunner,
      inject: [CommandHandler, READ_MODEL, CLOCK],
      useFactory: (handler: CommandHandler, readModel: ReadModel, clock: Clock) => new CommandRunner(handler, readModel, clock),
    },
    { provide: IdSequences, inject: [READ_MODEL], useFactory: (readModel: ReadModel) => new IdSequences(readModel.dataSource) },
    { provide: KeyedLocks, inject: [READ_MODEL], useFactory: (readModel: ReadModel) => new KeyedLocks(readModel.dataSource) },
  ];
}
