import { Inject, Logger } from '@nestjs/common';
import {
  CommonErrors,
  hasPermission,
  isLoggedIn,
  type ReadModelRebuilt,
  REBUILD_COMMENTS_SUBJECT,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { KeyedLocks, READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import type { CommentsLock } from '../comments.locks';

/**
 * `comments.admin.rebuild` (docs/comments.md): the comments read model replayed from the log,
 * as every service's rebuild (admin only: 410, then 304), under the attachment sweep lock so
 * that no sweep judges references on a half-built read model (docs/attachments.md §6.4).
 */
@MessageHandler(REBUILD_COMMENTS_SUBJECT)
export class RebuildCommentsHandler {
  private readonly logger = new Logger(RebuildCommentsHandler.name);

  constructor(
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly locks: KeyedLocks<CommentsLock>,
  ) {}

  async handle(request: ServiceRequest): Promise<ReadModelRebuilt> {
    if (!isLoggedIn(request.auth)) throw CommonErrors.loginRequired();
    if (!hasPermission(request.auth, 'admin')) throw CommonErrors.notInGroup('admin', 'rebuild the comments read model');
    const started = Date.now();
    await this.locks.withLock('attachment-sweep', ['all'], async () => {
      await this.readModel.rebuild();
      await this.readModel.catchUp();
    });
    const milliseconds = Date.now() - started;
    this.logger.log(`[${request.correlationId}] read model rebuilt from the log in ${milliseconds} ms`);
    return { rebuilt: true, milliseconds };
  }
}
