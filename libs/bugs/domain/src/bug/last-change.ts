import type { BugEvent } from '@tracker/contracts';
import { flagsChangeTouchesBug } from '../history/flag-rows';

/**
 * Whether an event moves the bug's `last_change_time`: every event of its stream does,
 * except a flag type's reconciliation that touches none of the bug's flags (Bugzilla).
 * Shared by the read model's projection and the as-of fold, so both agree.
 */
export function movesLastChangeTime(event: BugEvent): boolean {
  return event.type !== 'FlagsChanged' || flagsChangeTouchesBug(event.data);
}

/**
 * The attachment whose `last_change_time` an event moves, if any: its creation, an update,
 * and a change of its flags other than a reconciliation (docs/attachments.md §7; the
 * comments service's attachments projection applies the same rule).
 */
export function attachmentChangedBy(event: BugEvent): number | null {
  switch (event.type) {
    case 'AttachmentCreated':
    case 'AttachmentUpdated':
      return event.data.attachmentId;
    case 'FlagsChanged':
      return event.data.attachmentId !== null && flagsChangeTouchesBug(event.data) ? event.data.attachmentId : null;
    case 'BugCreated':
    case 'BugUpdated':
    case 'CommentAdded':
    case 'CommentPrivacyChanged':
      return null;
  }
}
