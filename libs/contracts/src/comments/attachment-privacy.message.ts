/**
 * `comments.attachments.privacy` (flags -> comments): who created these attachments and
 * whether they are private, for the flag rules. Unknown ids are left out.
 */
export const ATTACHMENT_PRIVACY_SUBJECT = 'comments.attachments.privacy';

export interface AttachmentPrivacyParams {
  readonly attachmentIds: readonly number[];
}

export interface AttachmentPrivacyResult {
  readonly attachments: readonly { readonly id: number; readonly bugId: number; readonly isPrivate: boolean; readonly creatorId: number }[];
}
