// Turns raw include_fields / exclude_fields parameters into field names. Never throws:
// a value of the wrong shape selects nothing, as Bugzilla ignores what it cannot read.
import type { FieldSelection } from '@tracker/contracts';

/** Bugzilla's REST split: whitespace, `+` (a decoded space's twin) or comma. */
const SEPARATORS = /[\s+,]/;

/**
 * A string is split on SEPARATORS; an array has each string element split the same way.
 * Bugzilla leaves array elements (repeated query parameters) unsplit, so
 * `include_fields=id,summary&include_fields=status` would ask it for a field literally
 * named `id,summary`, which exists nowhere; splitting them too turns that silent
 * nothing into what the client obviously meant. Empty pieces are dropped (Perl's split
 * yields no names for an all-separator string, and an empty name matches no field).
 * Anything else (undefined, null, numbers, objects) yields no names.
 */
export function parseFieldList(value: unknown): string[] {
  if (typeof value === 'string') {
    return splitNames(value);
  }
  if (Array.isArray(value)) {
    return value.flatMap((element: unknown) => (typeof element === 'string' ? splitNames(element) : []));
  }
  return [];
}

/** Both lists of a request at once, in the shape carried by service messages. */
export function fieldSelection(include: unknown, exclude: unknown): FieldSelection {
  return { include: parseFieldList(include), exclude: parseFieldList(exclude) };
}

function splitNames(value: string): string[] {
  return value.split(SEPARATORS).filter((name) => name.length > 0);
}
