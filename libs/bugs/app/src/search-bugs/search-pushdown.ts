import type { FieldSelection } from '@tracker/contracts';
import { bugFieldType, FieldFilter } from '@tracker/field-filter';
import type { CustomFieldDefinition } from '../read-model/bug.queries';

const utc = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * Every top-level field of a bug object in `bugWire`'s order, with the SQL that gives its
 * wire value straight from a row `b` of `bugs`, or null where it needs more than the row
 * (user names, personal tags). Numbers and the deadline come from the document itself,
 * so they are the very values `bugWire` would have sent. Custom fields follow `bugWire`'s
 * list and are never pushed down.
 */
const WIRE_FIELDS: ReadonlyArray<readonly [string, string | null]> = [
  ['actual_time', "b.doc->'actualTime'"],
  ['alias', 'b.alias'],
  ['assigned_to', null],
  ['blocks', 'b.blocks'],
  ['cc', null],
  ['classification', 'b.classification'],
  ['component', 'b.component'],
  ['creation_time', utc('b.creation_ts')],
  ['creator', null],
  ['deadline', "b.doc->'fields'->'deadline'"],
  ['depends_on', 'b.depends_on'],
  ['dupe_of', 'b.dupe_of'],
  ['estimated_time', "b.doc->'fields'->'estimatedTime'"],
  ['groups', 'b.group_names'],
  ['id', 'b.id'],
  ['is_cc_accessible', 'b.is_cc_accessible'],
  ['is_confirmed', 'b.is_confirmed'],
  ['is_creator_accessible', 'b.is_creator_accessible'],
  ['is_open', 'b.is_open'],
  ['keywords', 'b.keywords'],
  ['last_change_time', utc('b.delta_ts')],
  ['op_sys', 'b.op_sys'],
  ['platform', 'b.platform'],
  ['priority', 'b.priority'],
  ['product', 'b.product'],
  ['qa_contact', null],
  ['remaining_time', "b.doc->'fields'->'remainingTime'"],
  ['resolution', 'b.resolution'],
  ['see_also', 'b.see_also'],
  ['severity', 'b.severity'],
  ['status', 'b.status'],
  ['summary', 'b.summary'],
  ['target_milestone', 'b.target_milestone'],
  ['url', 'b.url'],
  ['version', 'b.version'],
  ['whiteboard', 'b.whiteboard'],
];

const TIME_FIELDS: ReadonlySet<string> = new Set(['actual_time', 'estimated_time', 'remaining_time']);

/** Who asks for what: the request's field lists, the caller's time-tracking right, the installation's custom fields. */
export interface PushdownScope {
  readonly fields: FieldSelection | undefined;
  readonly timetracker: boolean;
  readonly customFields: readonly CustomFieldDefinition[];
}

/**
 * include_fields pushed down into SQL: when every field the client wants is a column of
 * `bugs` (or derived from one row), a JSON object of exactly those fields in `bugWire`'s
 * key order, so the gateway's filtering answers byte for byte what the full path would
 * have. `id` is always in it (the gateway composes flags by it, then trims it). Null when
 * a wanted field needs the full bug (users, tags, custom fields): the caller builds those.
 */
export function pushedDownSelect(scope: PushdownScope): string | null {
  const filter = new FieldFilter(scope.fields ?? { include: [], exclude: [] });
  if (filter.wants('tags', bugFieldType('tags'))) return null;
  if (scope.customFields.some((field) => filter.wants(field.name, bugFieldType(field.name)))) return null;
  const pairs: string[] = [];
  for (const [name, sql] of WIRE_FIELDS) {
    if (TIME_FIELDS.has(name) && !scope.timetracker) continue;
    if (name !== 'id' && !filter.wants(name, bugFieldType(name))) continue;
    if (sql === null) return null;
    pairs.push(`'${name}', ${sql}`);
  }
  return `json_build_object(${pairs.join(', ')})`;
}
