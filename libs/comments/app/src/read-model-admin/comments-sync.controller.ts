import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { COMMENTS_SYNC_SUBJECT, type CommentsSyncParams, type CommentsSyncResult, type ServiceRequest } from '@tracker/contracts';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';

/**
 * comments.sync: the bugs service, having appended events that carry comments, asks for
 * an answer once this read model shows them, so its own reply lets clients read them.
 */
@Controller()
export class CommentsSyncController {
  constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

  @MessagePattern(COMMENTS_SYNC_SUBJECT)
  async sync(@Payload() request: ServiceRequest<CommentsSyncParams>): Promise<CommentsSyncResult> {
    const { streamName, position } = request.params;
    await this.readModel.waitFor(streamName, BigInt(position), request.correlationId);
    return { position };
  }
}
