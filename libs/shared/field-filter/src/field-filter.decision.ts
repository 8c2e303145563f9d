// Decides whether the client wants a field, in the order of Bugzilla's `filter_wants`
// (Bugzilla/WebService/Util.pm): explicit names, then `_all`, then the field's types, then
// parent and sub-field names. Pure and per request: build one from the request's lists.
import type { FieldSelection } from '@tracker/contracts';
import { DEFAULT_FIELD_TYPES, type FieldType } from './field-type.types';

const NO_SELECTION: FieldSelection = { include: [], exclude: [] };
const TYPE_MARKER = '_';

export class FieldFilter {
  private readonly include: ReadonlySet<string>;
  private readonly exclude: ReadonlySet<string>;
  private readonly includeTypes: ReadonlySet<string>;
  private readonly excludeTypes: ReadonlySet<string>;

  constructor(selection: FieldSelection = NO_SELECTION) {
    const include = splitTypes(selection.include);
    const exclude = splitTypes(selection.exclude);
    this.include = include.names;
    this.exclude = exclude.names;
    // Tested before `_x` entries are moved out: `include_fields=_custom` is not empty,
    // so it returns custom fields only, without the defaults.
    this.includeTypes = selection.include.length === 0 ? new Set(['default']) : include.types;
    this.excludeTypes = exclude.types;
  }

  /**
   * Bugzilla's `filter_wants(params, field, types, prefix)`; with a prefix the tested
   * name is `prefix.field`.
   */
  wants(field: string, types: readonly FieldType[] = DEFAULT_FIELD_TYPES, prefix?: string): boolean {
    return this.decide(field, types, prefix, false);
  }

  /**
   * `wants` for a field whose own sub-fields are filtered too. At the top level it is
   * exactly `wants`; under a prefix it also says yes when an include entry names one of
   * the field's sub-fields (`components.flag_types.id` keeps `components.flag_types`),
   * the rule Bugzilla applies to top-level fields only because it never nests deeper.
   */
  wantsBranch(field: string, types: readonly FieldType[] = DEFAULT_FIELD_TYPES, prefix?: string): boolean {
    return this.decide(field, types, prefix, true);
  }

  private decide(field: string, types: readonly FieldType[], prefix: string | undefined, branch: boolean): boolean {
    const name = prefix ? `${prefix}.${field}` : field;
    if (this.exclude.has(name)) return false;
    if (this.include.has(name)) return true;
    if (this.excludeTypes.has('all')) return false;
    if (this.includeTypes.has('all')) return true;
    // All types are checked against the exclusions before any against the inclusions:
    // Bugzilla walks a Perl hash here, in no fixed order, so `exclude_fields=_custom`
    // drops a ['default','custom'] field only some of the time; the spec says it drops it.
    if (types.some((type) => this.excludeTypes.has(type))) return false;
    if (types.some((type) => this.includeTypes.has(type))) return true;
    if (prefix) {
      return this.includesAncestor(prefix) || (branch && this.includesChildOf(name));
    }
    // Asking for `assigned_to.name` turns on `assigned_to` itself.
    return this.includesChildOf(name);
  }

  /** `a.b` is included when `a.b` or `a` is: a whole parent keeps its whole subtree. */
  private includesAncestor(prefix: string): boolean {
    const segments = prefix.split('.');
    return segments.some((_, index) => this.include.has(segments.slice(0, index + 1).join('.')));
  }

  private includesChildOf(name: string): boolean {
    const start = `${name}.`;
    for (const included of this.include) {
      if (included.startsWith(start)) return true;
    }
    return false;
  }
}

/** Moves `_x` entries out of a list: they name the type `x`, not a field. */
function splitTypes(entries: readonly string[]): { names: Set<string>; types: Set<string> } {
  const names = new Set<string>();
  const types = new Set<string>();
  for (const entry of entries) {
    if (entry.startsWith(TYPE_MARKER)) {
      types.add(entry.slice(TYPE_MARKER.length));
    } else {
      names.add(entry);
    }
  }
  return { names, types };
}
