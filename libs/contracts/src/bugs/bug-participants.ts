/**
 * Who a bug's events name: users as they were called when the event was written, and
 * everyone involved with the bug (for notification mail). Shared by the bug's own events
 * and its comment events, so neither file needs the other's.
 */
export interface UserRef {
  readonly id: number;
  readonly login: string;
}

/** Who is involved with the bug, for notification mail (reference §11.1). */
export interface BugParticipants {
  readonly assignee: number;
  readonly qaContact: number | null;
  readonly reporter: number;
  readonly cc: readonly number[];
}
