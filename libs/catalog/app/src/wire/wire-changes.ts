import type { CatalogChange, WireChanges } from '@tracker/contracts';

/**
 * Bugzilla's `changes` of update calls: per API field name `{added, removed}`, every
 * value as a string (booleans "1"/"0", lists joined by ", ", nothing as "").
 */
export function asWireValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return value.map(asWireValue).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object' && 'name' in value) return asWireValue(value.name);
  return JSON.stringify(value) ?? '';
}

/**
 * Renames domain change keys to API names (keys without a name are left out) and turns
 * values into strings; `present` may replace a value first (user ids into logins).
 */
export function wireChanges<K extends string>(
  changes: Partial<Record<K, CatalogChange<unknown>>>,
  apiNames: Readonly<Partial<Record<K, string>>>,
  present: (key: K, value: unknown) => unknown = (_key, value) => value,
): WireChanges {
  const result: Record<string, { added: string; removed: string }> = {};
  for (const key of Object.keys(apiNames) as K[]) {
    const change = changes[key];
    const apiName = apiNames[key];
    if (!change || apiName === undefined) continue;
    result[apiName] = { added: asWireValue(present(key, change.to)), removed: asWireValue(present(key, change.from)) };
  }
  return result;
}
