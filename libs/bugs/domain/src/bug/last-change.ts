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
