import type { BugFields, BugListFields, ListDelta, NamedRef, UserRef } from '@tracker/contracts';

/**
 * The list fields of a bug, kept in the order Bugzilla returns them: aliases and
 * keywords by name (case-insensitively), CC by login, groups by name, dependencies by
 * number, See Also in the order added. Items are the same when their key is.
 */
type ListItem<K extends keyof BugListFields> = BugListFields[K][number];

const byText = (a: string, b: string): number => a.toLowerCase().localeCompare(b.toLowerCase()) || (a < b ? -1 : a > b ? 1 : 0);

export const LIST_KEYS = {
  alias: (item: string): string => item,
  keywords: (item: string): string => item,
  seeAlso: (item: string): string => item,
  groups: (item: NamedRef): number => item.id,
  blocks: (item: number): number => item,
  dependsOn: (item: number): number => item,
  cc: (item: UserRef): number => item.id,
} as const;

const ORDER: { readonly [K in keyof BugListFields]: ((a: ListItem<K>, b: ListItem<K>) => number) | null } = {
  alias: byText,
  keywords: byText,
  seeAlso: null,
  groups: (a, b) => byText(a.name, b.name),
  blocks: (a, b) => a - b,
  dependsOn: (a, b) => a - b,
  cc: (a, b) => byText(a.login, b.login),
};

export function keyOf<K extends keyof BugListFields>(field: K, item: ListItem<K>): string | number {
  return (LIST_KEYS[field] as (value: ListItem<K>) => string | number)(item);
}

export function sortList<K extends keyof BugListFields>(field: K, items: readonly ListItem<K>[]): ListItem<K>[] {
  const order = ORDER[field];
  const unique = [...new Map(items.map((item) => [keyOf(field, item), item])).values()];
  return order ? unique.sort(order) : unique;
}

export function applyDelta<K extends keyof BugListFields>(
  field: K,
  current: readonly ListItem<K>[],
  delta: ListDelta<ListItem<K>>,
): ListItem<K>[] {
  const removed = new Set(delta.removed.map((item) => keyOf(field, item)));
  return sortList(field, [...current.filter((item) => !removed.has(keyOf(field, item))), ...delta.added]);
}

/** What changes `current` into `next`, as a delta (null when nothing changes). */
export function deltaBetween<K extends keyof BugListFields>(
  field: K,
  current: readonly ListItem<K>[],
  next: readonly ListItem<K>[],
): ListDelta<ListItem<K>> | null {
  const before = new Set(current.map((item) => keyOf(field, item)));
  const after = new Set(next.map((item) => keyOf(field, item)));
  const added = next.filter((item) => !before.has(keyOf(field, item)));
  const removed = current.filter((item) => !after.has(keyOf(field, item)));
  return added.length === 0 && removed.length === 0 ? null : { added, removed };
}

export function listOf<K extends keyof BugListFields>(fields: BugFields, field: K): readonly ListItem<K>[] {
  return fields[field];
}
