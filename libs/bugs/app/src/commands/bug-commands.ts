import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock, CommandHandler, ServiceCommands } from '@tracker/platform/command-handler';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';

export type BugSequence = 'bug_ids' | 'comment_ids';

/** How the bugs service changes things (see ServiceCommands); `visible` waits once for all streams a request touched. */
@Injectable()
export class BugCommands extends ServiceCommands<BugSequence, 'bug-alias'> {
  constructor(handler: CommandHandler, @Inject(READ_MODEL) readModel: ReadModel, @Inject(CLOCK) clock: Clock) {
    super(handler, readModel, clock);
  }

  /**
   * Serialises changes of aliases across replicas (an alias is unique over all bugs, and
   * the check reads the read model). Without aliases nothing is locked, so ordinary
   * creates and updates never queue behind each other.
   */
  withAliasLock<T>(aliases: readonly string[], work: () => Promise<T>): Promise<T> {
    if (aliases.length === 0) return work();
    return this.lock('bug-alias').withLock(aliases.map((alias) => alias.trim().toLowerCase()), work);
  }
}
