import { Inject, Logger, type Type } from '@nestjs/common';
import { CommonErrors, hasPermission, isLoggedIn, type ReadModelRebuilt, type ServiceRequest } from '@tracker/contracts';
import { type HandlesMessage, MessageHandler } from '@tracker/platform/messaging';
import { READ_MODEL } from './read-model.module';
import type { ReadModel } from './read-model';

/**
 * The operator action every service answers on `<service>.admin.rebuild`: rebuild the
 * service's read model from the log in a shadow schema and swap it in (`ReadModel.rebuild`;
 * the old one serves meanwhile, a killed rebuild resumes), answer once it has caught up,
 * with how long that took. Only for an admin: log in first (410), then Bugzilla's
 * auth_failure (304, "not authorized to <action>").
 */
export function readModelRebuildHandler(subject: string, action: string): Type<HandlesMessage<unknown, ReadModelRebuilt>> {
  @MessageHandler(subject)
  class ReadModelRebuildHandler implements HandlesMessage<unknown, ReadModelRebuilt> {
    private readonly logger = new Logger(`Rebuild ${subject}`);

    constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

    async handle(request: ServiceRequest): Promise<ReadModelRebuilt> {
      if (!isLoggedIn(request.auth)) throw CommonErrors.loginRequired();
      if (!hasPermission(request.auth, 'admin')) throw CommonErrors.notInGroup('admin', action);
      const started = Date.now();
      await this.readModel.rebuild();
      await this.readModel.catchUp();
      const milliseconds = Date.now() - started;
      this.logger.log(`[${request.correlationId}] read model rebuilt from the log in ${milliseconds} ms`);
      return { rebuilt: true, milliseconds };
    }
  }
  Object.defineProperty(ReadModelRebuildHandler, 'name', { value: `${subject.split('.')[0] ?? ''}ReadModelRebuildHandler` });
  return ReadModelRebuildHandler;
}
