import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  COMMENTS_REBUILD_SUBJECT,
  type CommentsRebuildResult,
  CommonErrors,
  hasPermission,
  type ServiceRequest,
} from '@tracker/contracts';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';

/**
 * comments.admin.rebuild, an operator action: drops the read model, replays the log into
 * it and answers once it has caught up. Refused (304) without the admin permission.
 */
@Controller()
export class RebuildCommentsController {
  constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

  @MessagePattern(COMMENTS_REBUILD_SUBJECT)
  async rebuild(@Payload() request: ServiceRequest<unknown>): Promise<CommentsRebuildResult> {
    if (!hasPermission(request.auth, 'admin')) {
      throw CommonErrors.notInGroup('admin', 'rebuild the comments read model');
    }
    await this.readModel.rebuild();
    await this.readModel.catchUp();
    return { rebuilt: true };
  }
}
