import type { BugEvent } from '@tracker/contracts';
import type { BugMailFacts, MailFieldValues } from '@tracker/mailer/domain';

/** An event of a recorded change, as the projection stored it (upcast data, its id and time). */
export interface StoredChangeEvent {
  readonly id: string;
  readonly type: BugEvent['type'];
  readonly data: BugEvent['data'];
  readonly occurredAt: string;
}

/** A change recorded with the notifier's checkpoint and not mailed yet. */
export interface PendingChange {
  /** `<stream>/<correlation id>`: the events of one append */
  readonly changeKey: string;
  readonly bugId: number;
  readonly events: readonly StoredChangeEvent[];
  /** the bug after the change */
  readonly bugFacts: BugMailFacts;
  /** the bug's field values before the change: its diff rows' "Removed" */
  readonly fieldValues: MailFieldValues;
}
