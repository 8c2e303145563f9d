import { Inject } from '@nestjs/common';
import {
  CommonErrors,
  hasPermission,
  isLoggedIn,
  type ServiceRequest,
  SWEEP_ATTACHMENTS_SUBJECT,
  type SweepAttachmentsParams,
  type SweepAttachmentsResult,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { COMMENTS_OPTIONS, type CommentsOptions } from '../../comments.options';
import { AttachmentSweeper } from '../blobs/attachment-sweeper';

/** `comments.attachments.sweep`: an operator's (admin's) sweep now, with optional graces (tests use 0). */
@MessageHandler(SWEEP_ATTACHMENTS_SUBJECT)
export class SweepAttachmentsHandler {
  constructor(
    private readonly sweeper: AttachmentSweeper,
    @Inject(COMMENTS_OPTIONS) private readonly options: CommentsOptions,
  ) {}

  async handle(request: ServiceRequest<SweepAttachmentsParams>): Promise<SweepAttachmentsResult> {
    if (!isLoggedIn(request.auth)) throw CommonErrors.loginRequired();
    if (!hasPermission(request.auth, 'admin')) throw CommonErrors.notInGroup('admin', 'sweep attachment bytes');
    const params = request.params ?? {};
    return this.sweeper.sweep({
      graceSeconds: params.graceSeconds ?? this.options.attachmentSweepGraceSeconds,
      stagingGraceSeconds: params.stagingGraceSeconds ?? this.options.attachmentStagingGraceSeconds,
    });
  }
}
