/**
 * The contract's Attachment object as the gateway returns it (docs/attachments.md §1.2).
 * Booleans are JSON booleans (the contract), not Bugzilla's 0/1. `data` is added by the
 * gateway from the blob store (the comments service never carries bytes); `flags` by the
 * gateway's flags composer.
 */
export interface AttachmentCreatorDetail {
  readonly id: number;
  readonly real_name: string;
  readonly name: string;
  readonly email: string;
}

export interface AttachmentObject {
  readonly id: number;
  readonly bug_id: number;
  readonly file_name: string;
  readonly summary: string;
  readonly content_type: string;
  readonly is_private: boolean;
  readonly is_obsolete: boolean;
  readonly is_patch: boolean;
  /** YYYY-MM-DDTHH:MM:SSZ */
  readonly creation_time: string;
  readonly last_change_time: string;
  /** the creator's current login */
  readonly creator: string;
  readonly creator_detail: AttachmentCreatorDetail;
  /** bytes */
  readonly size: number;
  /** base64, filled in by the gateway when wanted */
  readonly data?: string;
  readonly flags?: readonly unknown[];
}

/**
 * Where the bytes of an attachment are: the content object in the blob store. Returned by
 * `comments.attachments.get` only when `data` is wanted; the gateway `stat`s every key
 * (absent or a size other than `size`: 100500) and streams the bytes into `data`.
 */
export interface AttachmentBlobRef {
  readonly key: string;
  readonly size: number;
  readonly sha256: string;
}

/** Both keys are always present, possibly empty (Bugzilla's Bug.attachments, golden 120). */
export interface AttachmentsResult {
  readonly bugs: Readonly<Record<string, readonly AttachmentObject[]>>;
  readonly attachments: Readonly<Record<string, AttachmentObject>>;
  /** by attachment id; present only when `data` is wanted */
  readonly blobs?: Readonly<Record<string, AttachmentBlobRef>>;
}

/** One `{removed, added}` per changed field; booleans as "1"/"0" (Bugzilla's update_attachment). */
export interface AttachmentFieldChange {
  readonly removed: string;
  readonly added: string;
}

export interface UpdatedAttachment {
  readonly id: number;
  readonly last_change_time: string;
  readonly changes: Readonly<Record<string, AttachmentFieldChange>>;
}

export interface UpdateAttachmentsResult {
  readonly attachments: readonly UpdatedAttachment[];
}

/** The content object of bytes with this SHA-256 (lower-case hex): one object however many attachments name it. */
export const attachmentContentKey = (sha256: string): string => `attachments/sha256/${sha256}`;
export const ATTACHMENT_CONTENT_PREFIX = 'attachments/sha256/';
/** Where the gateway streams an upload before comments promotes it. */
export const ATTACHMENT_STAGING_PREFIX = 'attachments/staging/';
export const attachmentStagingKey = (uuid: string): string => `${ATTACHMENT_STAGING_PREFIX}${uuid}`;
