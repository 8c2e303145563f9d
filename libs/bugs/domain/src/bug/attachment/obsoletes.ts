import { AttachmentErrors, type AttachmentUpdated, type UserRef } from '@tracker/contracts';
import type { Actor } from '../../rules/actor';
import type { ExistingBug } from '../bug.state';
import { participantsOf } from '../bug.state';
import { refuse } from '../refusal';
import { canEditAttachment } from './attachment-rights';

/**
 * `obsoletes` of a new attachment, with Bugzilla's form rules (attachment.cgi `insert`):
 * each an integer id of an attachment of the same bug the caller may edit (32000 otherwise);
 * one already obsolete is skipped. Throws; runs inside `attempt`.
 */
export function requireObsoletes(
  bug: ExistingBug,
  actor: Actor,
  given: readonly string[],
  owners: Readonly<Record<string, number>>,
): number[] {
  const ids: number[] = [];
  for (const raw of given) {
    const text = raw.trim();
    if (!/^\d+$/.test(text)) refuse(AttachmentErrors.invalidId(raw));
    const id = Number(text);
    const attachment = bug.attachments.find((candidate) => candidate.attachmentId === id);
    if (!attachment) {
      const owner = owners[String(id)];
      refuse(owner === undefined ? AttachmentErrors.invalidId(raw) : AttachmentErrors.obsoleteOnOtherBug(id, bug.bugId));
    }
    if (!canEditAttachment(actor, attachment)) refuse(AttachmentErrors.editDenied(id));
    if (!attachment.isObsolete && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

export function obsoleted(bug: ExistingBug, attachmentId: number, changedBy: UserRef): AttachmentUpdated {
  const attachment = bug.attachments.find((candidate) => candidate.attachmentId === attachmentId);
  return {
    type: 'AttachmentUpdated',
    data: {
      bugId: bug.bugId,
      attachmentId,
      changedBy,
      changes: { isObsolete: true },
      before: { isObsolete: false },
      isPrivate: attachment?.isPrivate ?? false,
      participants: participantsOf(bug.reporter, bug.fields),
    },
  };
}
