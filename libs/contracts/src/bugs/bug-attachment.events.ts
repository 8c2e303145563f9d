import type { DomainEvent } from '../events/event-envelope';
import type { BugParticipants, UserRef } from './bug-participants';

/**
 * Attachments' metadata are events of the bug's stream (`bug-<id>`, docs/bug-stream-writes.md):
 * decided and appended by the bugs service with the "Created attachment N" comment of the same
 * append, projected by the comments service (which serves them). Bytes never enter the log:
 * the events carry `sha256` and `size` of the content object `attachments/sha256/<sha256>`.
 */
export interface AttachmentFields {
  readonly fileName: string;
  readonly summary: string;
  readonly contentType: string;
  readonly isPatch: boolean;
  readonly isPrivate: boolean;
}

export interface AttachmentCreatedData extends AttachmentFields {
  readonly bugId: number;
  readonly attachmentId: number;
  /** login at the time */
  readonly creator: UserRef;
  /** bytes */
  readonly size: number;
  /** 64 lower-case hex digits: the content object's key */
  readonly sha256: string;
  /** the CommentAdded of the same append */
  readonly commentId: number;
  readonly participants: BugParticipants;
}
export const ATTACHMENT_CREATED = 'AttachmentCreated';

/** The fields an update may change (new values in `changes`, old ones in `before`, the same keys). */
export type AttachmentMutableFields = AttachmentFields & { readonly isObsolete: boolean };

export interface AttachmentUpdatedData {
  readonly bugId: number;
  readonly attachmentId: number;
  readonly changedBy: UserRef;
  readonly changes: Partial<AttachmentMutableFields>;
  readonly before: Partial<AttachmentMutableFields>;
  /** after the change: mail and history hide private attachments from non-insiders without folding */
  readonly isPrivate: boolean;
  readonly participants: BugParticipants;
}
export const ATTACHMENT_UPDATED = 'AttachmentUpdated';

export type AttachmentCreated = DomainEvent<typeof ATTACHMENT_CREATED, AttachmentCreatedData>;
export type AttachmentUpdated = DomainEvent<typeof ATTACHMENT_UPDATED, AttachmentUpdatedData>;
export type AttachmentEvent = AttachmentCreated | AttachmentUpdated;

/** `attachmentNote` of a CommentAdded (v2): the comment Bugzilla writes for an attachment change. */
export const ATTACHMENT_NOTES = ['created', 'updated'] as const;
export type AttachmentNote = (typeof ATTACHMENT_NOTES)[number];
