import type { Actor } from '../../rules/actor';
import type { AttachmentRef } from '../bug-attachments.state';

/**
 * Bugzilla's Attachment->validate_can_edit: the attacher, or an editbugs member when the
 * attachment is public or the caller an insider (docs/attachments.md §4.3).
 */
export function canEditAttachment(actor: Actor, attachment: AttachmentRef): boolean {
  if (actor.user !== null && actor.user.id === attachment.creatorId) return true;
  return actor.editbugs && (!attachment.isPrivate || actor.insider);
}
