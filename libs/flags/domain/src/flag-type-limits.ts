/**
 * Every text and number a flag type command carries is bounded, so nothing unbounded
 * enters the log (issue 13). Bugzilla's columns: name varchar(50), cc_list varchar(200),
 * sortkey smallint (the contract: 1 to 32767), ids int. Bugzilla keeps the description in a
 * MEDIUMTEXT (16 MB) that no form fills; Tracker bounds it at 65,535 characters, the size of
 * a comment (docs/flags.md §2.1), which leaves any real description room.
 */
export const FLAG_TYPE_LIMITS = {
  nameLength: 50,
  descriptionLength: 65_535,
  ccListLength: 200,
  sortKey: { min: 1, max: 32_767 },
  /** database ids: PostgreSQL's int */
  id: { min: 1, max: 2_147_483_647 },
} as const;

export function isDatabaseId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= FLAG_TYPE_LIMITS.id.min && value <= FLAG_TYPE_LIMITS.id.max;
}
