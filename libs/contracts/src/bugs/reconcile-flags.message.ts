/**
 * `bugs.flags.reconcile` (flags -> bugs, internal; docs/flags.md §2.5): a flag type narrowed
 * its scope or stopped being specifically requestable, and this bug holds flags of it. Bugs
 * loads the bug, asks `flags.decide` in `reconcile` mode and appends the FlagsChanged it
 * decides through the bug's own stream (the caller is the changer). Idempotent: a bug already
 * reconciled decides nothing and appends nothing.
 */
export const RECONCILE_BUG_FLAGS_SUBJECT = 'bugs.flags.reconcile';

export interface ReconcileBugFlagsParams {
  readonly bugId: number;
}

export interface ReconcileBugFlagsResult {
  readonly bugId: number;
  /** a FlagsChanged was appended (and the flags read model shows it) */
  readonly changed: boolean;
}
