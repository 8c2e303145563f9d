import type { FlagChange, FlagsChangedData } from '../bugs/bug-flag.events';
import type { UserRef } from '../bugs/bug-participants';

/** Who changes the flags when a spec does not say. */
export const FLAG_SETTER: UserRef = { id: 1, login: 'admin@example.com' };

/**
 * The data of a FlagsChanged as the specs of its readers (history rows, activity entries,
 * current flags) give it: on bug 1 by FLAG_SETTER, on the bug or (with `attachmentId`) on a
 * public attachment; `overrides` for the bug, the setter or the participants.
 */
export function flagsChanged(
  changes: readonly FlagChange[],
  attachmentId: number | null = null,
  overrides: Partial<Pick<FlagsChangedData, 'bugId' | 'changedBy' | 'participants'>> = {},
): FlagsChangedData {
  return {
    bugId: 1,
    attachmentId,
    attachmentIsPrivate: attachmentId === null ? null : false,
    changedBy: FLAG_SETTER,
    changes,
    participants: { assignee: 1, qaContact: null, reporter: 1, cc: [] },
    ...overrides,
  };
}
