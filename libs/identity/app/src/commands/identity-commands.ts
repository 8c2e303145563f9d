import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock, CommandHandler, ServiceCommands } from '@tracker/platform/command-handler';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';

export type IdSequenceName = 'user_ids' | 'group_ids' | 'api_key_ids' | 'login_token_ids';

/** Logins and group names are unique across streams; bootstrap runs once however many replicas start. */
export type IdentityLock = 'login' | 'group-name' | 'bootstrap';

/** How identity's handlers change things (see ServiceCommands). */
@Injectable()
export class IdentityCommands extends ServiceCommands<IdSequenceName, IdentityLock> {
  constructor(handler: CommandHandler, @Inject(READ_MODEL) readModel: ReadModel, @Inject(CLOCK) clock: Clock) {
    super(handler, readModel, clock);
  }
}
