// Filters whole response objects the way Bugzilla's `filter` and its per-call helpers do:
// a key survives when `FieldFilter` wants it, nested objects are filtered under their
// parent's name, companions follow their base field, unfiltered keys always stay.
import type { FieldFilter } from './field-filter.decision';
import { fieldTypesIn, type ObjectShape } from './object-shape.types';

/**
 * The result is typed `Partial<T>` although nested objects lose keys too: callers
 * serialise it, they do not read nested fields back.
 */
export function filterObject<T extends Record<string, unknown>>(
  object: T,
  shape: ObjectShape,
  filter: FieldFilter,
  prefix?: string,
): Partial<T> {
  const result: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(object)) {
    const decidingField = shape.companions?.[field] ?? field;
    if (!isWanted(shape, decidingField, filter, prefix)) continue;
    const child = shape.nested?.[field];
    result[field] = child ? filterNested(value, child, filter, joinName(prefix, decidingField)) : value;
  }
  return result as Partial<T>;
}

export function filterObjects<T extends Record<string, unknown>>(
  objects: readonly T[],
  shape: ObjectShape,
  filter: FieldFilter,
  prefix?: string,
): Partial<T>[] {
  return objects.map((object) => filterObject(object, shape, filter, prefix));
}

function isWanted(shape: ObjectShape, field: string, filter: FieldFilter, prefix: string | undefined): boolean {
  if (shape.unfiltered?.includes(field)) return true;
  const types = fieldTypesIn(shape, field);
  return isBranch(shape, field) ? filter.wantsBranch(field, types, prefix) : filter.wants(field, types, prefix);
}

/** A field is a branch when it, or a companion named after it, has sub-fields to filter. */
function isBranch(shape: ObjectShape, field: string): boolean {
  return shape.nested?.[field] !== undefined || branchesByCompanion(shape).has(field);
}

/** Shapes are constants: the fields made branches by a nested companion, worked out once per shape (every bug of a search asks). */
const companionBranches = new WeakMap<ObjectShape, ReadonlySet<string>>();

function branchesByCompanion(shape: ObjectShape): ReadonlySet<string> {
  let branches = companionBranches.get(shape);
  if (!branches) {
    const companions = Object.entries(shape.companions ?? {});
    branches = new Set(companions.flatMap(([companion, base]) => (shape.nested?.[companion] ? [base] : [])));
    companionBranches.set(shape, branches);
  }
  return branches;
}

/** Anything but a plain object or an array of them is kept as it is. */
function filterNested(value: unknown, shape: ObjectShape, filter: FieldFilter, prefix: string): unknown {
  if (Array.isArray(value)) {
    return value.map((item: unknown) => (isPlainObject(item) ? filterObject(item, shape, filter, prefix) : item));
  }
  return isPlainObject(value) ? filterObject(value, shape, filter, prefix) : value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function joinName(prefix: string | undefined, field: string): string {
  return prefix ? `${prefix}.${field}` : field;
}
