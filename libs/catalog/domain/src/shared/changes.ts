import type { CatalogChange } from '@tracker/contracts';

/** A change when `to` is given and differs from `from`; nothing otherwise. */
export function changed<T>(from: T, to: T | undefined, equal: (a: T, b: T) => boolean = Object.is): CatalogChange<T> | undefined {
  if (to === undefined || equal(from, to)) return undefined;
  return { from, to };
}

/** Drops the keys whose value is undefined, so an event lists only what changed. */
export function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function hasAny(value: object): boolean {
  return Object.keys(value).length > 0;
}

export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = [...new Set(a)].sort((x, y) => x - y);
  const right = [...new Set(b)].sort((x, y) => x - y);
  return left.length === right.length && left.every((id, i) => id === right[i]);
}
