import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { hasPermission, REBUILD_IDENTITY_SUBJECT, type RebuildIdentityResult, type ServiceRequest } from '@tracker/contracts';
import { IdentityErrors } from '@tracker/identity/domain';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';

/**
 * Operator action `identity.admin.rebuild` (docs/identity.md): drop the read model, replay
 * the log, answer once caught up. Only for an admin's AuthContext; calls that arrive
 * meanwhile may see a partial read model, so it is meant for a quiet moment.
 */
@Controller()
export class RebuildController {
  private readonly logger = new Logger('IdentityRebuild');

  constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

  @MessagePattern(REBUILD_IDENTITY_SUBJECT)
  async rebuild(@Payload() request: ServiceRequest<unknown>): Promise<RebuildIdentityResult> {
    if (!hasPermission(request.auth, 'admin')) throw IdentityErrors.notInGroup('admin', 'add, modify or delete', 'the identity read model');
    this.logger.log(`[${request.correlationId}] rebuilding the identity read model for ${request.auth.login ?? 'unknown'}`);
    await this.readModel.rebuild();
    await this.readModel.catchUp();
    this.logger.log(`[${request.correlationId}] identity read model rebuilt`);
    return { rebuilt: true };
  }
}
