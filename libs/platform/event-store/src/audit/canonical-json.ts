/**
 * The canonical JSON text of a value, as RFC 8785 (JCS) defines it: no whitespace, object
 * keys sorted by their UTF-16 code units, numbers and strings as ECMAScript's JSON.stringify
 * writes them. The same value gives the same text whatever order its keys were written or
 * stored in (jsonb reorders them), so a hash over it survives a round trip through the store.
 *
 * Written in one pass with JSON.stringify's own rules for what storing the event keeps
 * (`toJSON` applied, undefined, functions and symbols dropped from objects and null in
 * arrays, non-finite numbers null), so nothing is stringified and parsed back first: every
 * append hashes its events on the write path (docs/benchmarks.md, "The create path, sixth round").
 */
export function canonicalJson(value: unknown): string {
  const text = write(value, '');
  if (text === undefined) throw new TypeError(`${typeof value} has no JSON text`);
  return text;
}

/** The member's text, or undefined where JSON.stringify leaves it out. */
function write(member: unknown, key: string): string | undefined {
  const value = hasToJson(member) ? member.toJSON(key) : member;
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return value === null ? 'null' : writeObject(value);
    case 'bigint':
      // JSON.stringify refuses it (TypeError), as the event store would
      return JSON.stringify(value);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
}

function writeObject(value: object): string | undefined {
  // boxed primitives are written as what they box, as JSON.stringify does
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return write(value.valueOf(), '');
  if (Array.isArray(value)) return `[${value.map((item: unknown, index) => write(item, String(index)) ?? 'null').join(',')}]`;
  const object = value as Record<string, unknown>;
  let text = '';
  // Array.prototype.sort without a comparator compares UTF-16 code units, as JCS asks
  for (const key of Object.keys(object).sort()) {
    const member = write(object[key], key);
    if (member !== undefined) text += `${text ? ',' : ''}${JSON.stringify(key)}:${member}`;
  }
  return `{${text}}`;
}

function hasToJson(value: unknown): value is { toJSON(key: string): unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function';
}
