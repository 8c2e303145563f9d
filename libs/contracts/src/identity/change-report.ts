/**
 * What an update call reports per object, as Bugzilla does: each changed field with its
 * old and new value as text (booleans "0"/"1", lists joined by ", ").
 */
export interface FieldChange {
  readonly added: string;
  readonly removed: string;
}

export interface ChangeReport {
  readonly id: number;
  readonly changes: Readonly<Record<string, FieldChange>>;
}
