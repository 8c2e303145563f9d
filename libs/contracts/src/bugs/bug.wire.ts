/** A user as a bug's `*_detail` objects show them. */
export interface UserDetailWire {
  readonly id: number;
  readonly real_name: string;
  readonly name: string;
  readonly email: string;
}

/**
 * A bug as Bug.get and Bug.search return it before field filtering. Time-tracking fields
 * only for the time-tracking group, `update_token` only from Bug.get for a logged-in
 * caller, `tags` only when asked for; custom fields by their names.
 */
export interface BugWire {
  readonly [field: string]: unknown;
  readonly id: number;
  readonly alias: readonly string[];
  readonly summary: string;
}
