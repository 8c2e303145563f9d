/**
 * The canonical JSON text of a value, as RFC 8785 (JCS) defines it: no whitespace, object
 * keys sorted by their UTF-16 code units, numbers and strings as ECMAScript's JSON.stringify
 * writes them. The same value gives the same text whatever order its keys were written or
 * stored in (jsonb reorders them), so a hash over it survives a round trip through the store.
 */
export function canonicalJson(value: unknown): string {
  // the round trip applies toJSON and drops undefined members exactly as storing the event does
  return serialize(JSON.parse(JSON.stringify(value)) as unknown);
}

function serialize(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(serialize).join(',')}]`;
  const object = value as Record<string, unknown>;
  // Array.prototype.sort without a comparator compares UTF-16 code units, as JCS asks
  const members = Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${serialize(object[key])}`);
  return `{${members.join(',')}}`;
}
