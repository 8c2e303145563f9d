import { Inject } from '@nestjs/common';
import { FLAGS_SYNC_SUBJECT, type FlagsSyncParams, type FlagsSyncResult, type ServiceRequest } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';

/**
 * flags.sync: the bugs service, having appended FlagsChanged, asks for an answer once this
 * read model shows it, so its own reply lets clients read the flags (and their activity).
 */
@MessageHandler(FLAGS_SYNC_SUBJECT)
export class FlagsSyncHandler {
  constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

  async handle(request: ServiceRequest<FlagsSyncParams>): Promise<FlagsSyncResult> {
    const { streamName, position } = request.params;
    await this.readModel.waitFor(streamName, BigInt(position), request.correlationId);
    return { position };
  }
}
