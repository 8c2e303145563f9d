import type { GroupChangeParams } from '@tracker/contracts';
import { type GroupChange, IdentityErrors } from '@tracker/identity/domain';
import type { GroupRow } from '../read-model/groups.queries';

/**
 * Turns a `groups` / `bless_groups` object into group ids, as Bugzilla's
 * _set_groups_to_object: items are ids (all digits) or names; each must exist and be one
 * the caller may bless, else 304. `set` wins; without any key nothing changes.
 */
export function resolveGroupChange(
  change: GroupChangeParams | undefined,
  groups: readonly GroupRow[],
  blessable: ReadonlySet<number>,
): GroupChange | undefined {
  if (!change || (!change.set && !change.add && !change.remove)) return undefined;
  const toIds = (refs: readonly string[] | undefined): number[] =>
    (refs ?? []).map((ref) => {
      const group = /^\d+$/.test(ref)
        ? groups.find((g) => g.id === Number(ref))
        : groups.find((g) => g.name.toLowerCase() === ref.toLowerCase());
      if (!group || !blessable.has(group.id)) throw IdentityErrors.cantBless(ref);
      return group.id;
    });
  // every item is checked, even those `set` makes Bugzilla ignore
  const [set, add, remove] = [change.set && toIds(change.set), toIds(change.add), toIds(change.remove)];
  return set ? { set } : { add, remove };
}
