import { Inject } from '@nestjs/common';
import { COMMENTS_SYNC_SUBJECT, type CommentsSyncParams, type CommentsSyncResult, type ServiceRequest } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';

/**
 * comments.sync: the bugs service, having appended events that carry comments, asks for
 * an answer once this read model shows them, so its own reply lets clients read them.
 */
@MessageHandler(COMMENTS_SYNC_SUBJECT)
export class CommentsSyncHandler {
  constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

  async handle(request: ServiceRequest<CommentsSyncParams>): Promise<CommentsSyncResult> {
    const { streamName, position } = request.params;
    await this.readModel.waitFor(streamName, BigInt(position), request.correlationId);
    return { position };
  }
}
