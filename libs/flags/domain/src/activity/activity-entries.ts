import type { FlagChange, FlagsChangedData, FlagStatus, UserRef } from '@tracker/contracts';

/** One row of flag activity (BMO's flag_state_activity), before the projection numbers it. */
export interface FlagActivityEntry {
  readonly flagId: number;
  readonly typeId: number;
  readonly bugId: number;
  readonly attachmentId: number | null;
  /** `X` for a cleared flag */
  readonly status: FlagStatus | 'X';
  readonly setter: UserRef;
  readonly requestee: UserRef | null;
  readonly occurredAt: string;
}

/**
 * The activity of one FlagsChanged (docs/flags.md §6), in the event's order: an entry for
 * each flag created, each change of status or requestee, and each clear (`X`, set by who
 * cleared it, with the flag's last requestee). A retarget that only changes the type, and
 * requestees dropped because the type stopped being specifically requestable, are not
 * logged, as BMO does not.
 */
export function activityEntries(event: FlagsChangedData, occurredAt: string): FlagActivityEntry[] {
  const { bugId, attachmentId } = event;
  return event.changes.flatMap((change): FlagActivityEntry[] => {
    const entry = entryOf(change, event.changedBy);
    return entry ? [{ flagId: change.flagId, bugId, attachmentId, occurredAt, ...entry }] : [];
  });
}

function entryOf(change: FlagChange, changedBy: UserRef): Pick<FlagActivityEntry, 'typeId' | 'status' | 'setter' | 'requestee'> | null {
  const { before, after } = change;
  if (after === null) return before && { typeId: before.type.id, status: 'X', setter: changedBy, requestee: before.requestee };
  const logged =
    before === null ||
    (change.reason !== 'flag-type-changed' &&
      (after.status !== before.status || (after.requestee?.id ?? null) !== (before.requestee?.id ?? null)));
  return logged ? { typeId: after.type.id, status: after.status, setter: after.setter, requestee: after.requestee } : null;
}
