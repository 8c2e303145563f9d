import {
  ATTACHMENT_PRIVACY_SUBJECT,
  type AttachmentPrivacyParams,
  type AttachmentPrivacyResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { AttachmentQueries } from '../../read-model/attachment.queries';

/** Ids asked about at once: a flag decision names the attachments of a few bugs. */
const MAX_IDS = 1000;

/**
 * `comments.attachments.privacy` (flags -> comments, internal): creator and privacy of these
 * attachments for the flag rules; unknown ids are left out. No visibility check: the flags
 * service asks about attachments of bugs the bugs service already let the caller change
 * (docs/bug-stream-writes.md §2.2), and the answer carries no content.
 */
@MessageHandler(ATTACHMENT_PRIVACY_SUBJECT)
export class AttachmentPrivacyHandler {
  constructor(private readonly queries: AttachmentQueries) {}

  async handle(request: ServiceRequest<AttachmentPrivacyParams>): Promise<AttachmentPrivacyResult> {
    const rows = await this.queries.byIds(request.params.attachmentIds.slice(0, MAX_IDS));
    return { attachments: rows.map((row) => ({ id: row.id, bugId: row.bugId, isPrivate: row.isPrivate, creatorId: row.creatorId })) };
  }
}
