import type { BugFields, UserRef } from '@tracker/contracts';

/** A bug as the read model stores it in `bugs.doc`: the fields plus what the events' metadata adds. */
export interface BugDocument {
  readonly id: number;
  readonly reporter: UserRef;
  readonly fields: BugFields;
  /** ISO-8601 */
  readonly creationTime: string;
  readonly lastChangeTime: string;
  readonly actualTime: number;
}
