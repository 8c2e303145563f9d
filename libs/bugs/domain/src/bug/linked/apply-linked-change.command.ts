import type { UserRef } from '@tracker/contracts';

/**
 * What an update of one bug does to another (Bugzilla writes it in the same transaction):
 * the other side of a dependency, and on a duplicate's target the "has a duplicate"
 * comment and the duplicate's reporter in its CC. No permission check: the change was
 * decided, and allowed, on the bug the user edited.
 */
export interface ApplyLinkedChange {
  readonly kind: 'ApplyLinkedChange';
  readonly changedBy: UserRef;
  readonly dependsOn: { readonly added: readonly number[]; readonly removed: readonly number[] };
  readonly blocks: { readonly added: readonly number[]; readonly removed: readonly number[] };
  readonly addCc: UserRef | null;
  /** the duplicate that now points here, with the id of the comment that says so */
  readonly duplicate: { readonly bugId: number; readonly commentId: number } | null;
}
