import { Inject, Injectable } from '@nestjs/common';
import {
  ATTACHMENT_PRIVACY_SUBJECT,
  type AttachmentPrivacyParams,
  type AttachmentPrivacyResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';

/** An attachment's privacy as the contract's rule needs it: private ones are for insiders and their submitter. */
export interface AttachmentPrivacy {
  readonly isPrivate: boolean;
  readonly creatorId: number;
}

/** The comments service owns attachments: asked which are private (`comments.attachments.privacy`, batched). */
@Injectable()
export class CommentsClient {
  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  /** By attachment id; unknown ids are absent. */
  async privacy(
    request: Pick<ServiceRequest, 'auth' | 'correlationId'>,
    attachmentIds: readonly number[],
  ): Promise<Map<number, AttachmentPrivacy>> {
    const ids = [...new Set(attachmentIds)];
    if (ids.length === 0) return new Map();
    const result = await this.bus.request<AttachmentPrivacyResult, AttachmentPrivacyParams>(ATTACHMENT_PRIVACY_SUBJECT, {
      ...request,
      params: { attachmentIds: ids },
    });
    return new Map(
      result.attachments.map((attachment) => [attachment.id, { isPrivate: attachment.isPrivate, creatorId: attachment.creatorId }]),
    );
  }
}
