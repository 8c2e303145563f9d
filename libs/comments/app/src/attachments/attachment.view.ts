import { type AttachmentBlobRef, type AttachmentObject, attachmentContentKey } from '@tracker/contracts';
import type { AttachmentRow } from '../read-model/attachment.queries';

/** A read-model row as the contract's Attachment object (without `data` and `flags`: the gateway composes them). */
export function toAttachmentObject(row: AttachmentRow): AttachmentObject {
  return {
    id: row.id,
    bug_id: row.bugId,
    file_name: row.fileName,
    summary: row.summary,
    content_type: row.contentType,
    is_private: row.isPrivate,
    is_obsolete: row.isObsolete,
    is_patch: row.isPatch,
    creation_time: row.creationTime,
    last_change_time: row.lastChangeTime,
    creator: row.creator,
    creator_detail: { id: row.creatorId, real_name: row.creatorRealName, name: row.creator, email: row.creator },
    size: row.size,
  };
}

export function blobRefOf(row: AttachmentRow): AttachmentBlobRef {
  return { key: attachmentContentKey(row.sha256), size: row.size, sha256: row.sha256 };
}
