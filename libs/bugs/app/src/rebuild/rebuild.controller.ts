import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CommonErrors, hasPermission, REBUILD_BUGS_SUBJECT, type RebuildBugsResult, type ServiceRequest } from '@tracker/contracts';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';

/**
 * Operator action `bugs.admin.rebuild` (docs/bugs.md): drop the read model, replay the
 * log, answer once caught up. Only for an admin; meant for a quiet moment, since calls
 * that arrive meanwhile see a partial read model.
 */
@Controller()
export class RebuildController {
  private readonly logger = new Logger('BugsRebuild');

  constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

  @MessagePattern(REBUILD_BUGS_SUBJECT)
  async rebuild(@Payload() request: ServiceRequest<unknown>): Promise<RebuildBugsResult> {
    if (!hasPermission(request.auth, 'admin')) {
      throw CommonErrors.notInGroup('admin', 'rebuild the bugs read model');
    }
    this.logger.log(`[${request.correlationId}] rebuilding the bugs read model`);
    await this.readModel.rebuild();
    await this.readModel.catchUp();
    this.logger.log(`[${request.correlationId}] bugs read model rebuilt`);
    return { rebuilt: true };
  }
}
