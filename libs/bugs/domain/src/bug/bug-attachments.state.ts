import type { AttachmentEvent, AttachmentMutableFields } from '@tracker/contracts';

/** An attachment of the bug as its rules need it (rights, obsoletes, the flag decision, the reply's `changes`). */
export interface AttachmentRef extends AttachmentMutableFields {
  readonly attachmentId: number;
  readonly creatorId: number;
}

/** The bug's attachments after an attachment event (docs/attachments.md §5). */
export function evolveAttachments(attachments: readonly AttachmentRef[], event: AttachmentEvent): readonly AttachmentRef[] {
  switch (event.type) {
    case 'AttachmentCreated': {
      const { attachmentId, creator, fileName, summary, contentType, isPatch, isPrivate } = event.data;
      if (attachments.some((attachment) => attachment.attachmentId === attachmentId)) return attachments;
      return [
        ...attachments,
        { attachmentId, creatorId: creator.id, fileName, summary, contentType, isPatch, isPrivate, isObsolete: false },
      ];
    }
    case 'AttachmentUpdated':
      return attachments.map((attachment) =>
        attachment.attachmentId === event.data.attachmentId ? { ...attachment, ...event.data.changes } : attachment,
      );
  }
}
