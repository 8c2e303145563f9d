import type { CustomFieldValue } from '@tracker/contracts';
import type { BugAsOf } from '../../as-of/bug-as-of';
import { CustomFieldType } from '../../bug/fields/custom-fields';

type Read<T> = (bug: BugAsOf) => T;

/**
 * A search field of a bug folded as of an instant, typed as the read model's column for
 * it is (search-columns.ts in the app), so that every operator means the same in memory
 * as in SQL. People are ids: their names are matched as they are now.
 */
export type AsOfField =
  | { readonly kind: 'text'; readonly read: Read<string | null> }
  | { readonly kind: 'textArray'; readonly read: Read<readonly string[]> }
  /** aliases, lower case (the read model's alias_key) */
  | { readonly kind: 'alias'; readonly read: Read<readonly string[]> }
  | { readonly kind: 'int' | 'number'; readonly read: Read<number | null> }
  | { readonly kind: 'bool'; readonly read: Read<boolean> }
  /** ISO-8601 */
  | { readonly kind: 'datetime'; readonly read: Read<string | null> }
  /** YYYY-MM-DD */
  | { readonly kind: 'date'; readonly read: Read<string | null> }
  | { readonly kind: 'intArray'; readonly read: Read<readonly number[]> }
  | { readonly kind: 'user'; readonly name: 'login' | 'real_name'; readonly read: Read<number | null> }
  | { readonly kind: 'userArray'; readonly read: Read<readonly number[]> }
  /** the comments of then the caller may see: their text, or their author (as named now) */
  | { readonly kind: 'comment'; readonly part: 'text' | 'author' }
  /** a custom field the installation does not have: matches nothing, as in SQL */
  | { readonly kind: 'none' };

const fields = (bug: BugAsOf): BugAsOf['state']['fields'] => bug.state.fields;
const text = (read: Read<string | null>): AsOfField => ({ kind: 'text', read });
const user = (name: 'login' | 'real_name', read: Read<number | null>): AsOfField => ({ kind: 'user', name, read });
const assignee: Read<number> = (bug) => fields(bug).assignee.id;
const reporter: Read<number> = (bug) => bug.state.reporter.id;
const qaContact: Read<number | null> = (bug) => fields(bug).qaContact?.id ?? null;

const FIELDS: Readonly<Record<string, AsOfField>> = {
  bug_id: { kind: 'int', read: (bug) => bug.state.bugId },
  dup_id: { kind: 'int', read: (bug) => fields(bug).dupeOf },
  alias: { kind: 'alias', read: (bug) => fields(bug).alias.map((alias) => alias.toLowerCase()) },
  short_desc: text((bug) => fields(bug).summary),
  product: text((bug) => fields(bug).product.name),
  component: text((bug) => fields(bug).component.name),
  classification: text((bug) => fields(bug).classification),
  version: text((bug) => fields(bug).version),
  target_milestone: text((bug) => fields(bug).targetMilestone),
  bug_status: text((bug) => fields(bug).status),
  resolution: text((bug) => fields(bug).resolution),
  priority: text((bug) => fields(bug).priority),
  bug_severity: text((bug) => fields(bug).severity),
  rep_platform: text((bug) => fields(bug).platform),
  op_sys: text((bug) => fields(bug).opSys),
  bug_file_loc: text((bug) => fields(bug).url),
  status_whiteboard: text((bug) => fields(bug).whiteboard),
  everconfirmed: { kind: 'bool', read: (bug) => fields(bug).isConfirmed },
  cclist_accessible: { kind: 'bool', read: (bug) => fields(bug).isCcAccessible },
  reporter_accessible: { kind: 'bool', read: (bug) => fields(bug).isCreatorAccessible },
  keywords: { kind: 'textArray', read: (bug) => fields(bug).keywords },
  see_also: { kind: 'textArray', read: (bug) => fields(bug).seeAlso },
  bug_group: { kind: 'textArray', read: (bug) => fields(bug).groups.map((group) => group.name) },
  blocked: { kind: 'intArray', read: (bug) => fields(bug).blocks },
  dependson: { kind: 'intArray', read: (bug) => fields(bug).dependsOn },
  assigned_to: user('login', assignee),
  reporter: user('login', reporter),
  qa_contact: user('login', qaContact),
  assigned_to_realname: user('real_name', assignee),
  reporter_realname: user('real_name', reporter),
  qa_contact_realname: user('real_name', qaContact),
  cc: { kind: 'userArray', read: (bug) => fields(bug).cc.map((cc) => cc.id) },
  creation_ts: { kind: 'datetime', read: (bug) => bug.creationTime },
  delta_ts: { kind: 'datetime', read: (bug) => bug.lastChangeTime },
  deadline: { kind: 'date', read: (bug) => fields(bug).deadline },
  estimated_time: { kind: 'number', read: (bug) => fields(bug).estimatedTime },
  remaining_time: { kind: 'number', read: (bug) => fields(bug).remainingTime },
  actual_time: { kind: 'number', read: (bug) => bug.state.actualTime },
  longdesc: { kind: 'comment', part: 'text' },
  commenter: { kind: 'comment', part: 'author' },
};

/** What the matcher cannot judge from a bug's own folded stream, with the reason its refusal gives. */
export const NOT_AS_OF: Readonly<Record<string, string>> = {
  tag: 'personal tags are kept in streams of their own, not folded by a search as of an instant',
};

/** A search field (custom fields by their type, as in SQL), or null for one in NOT_AS_OF. */
export function asOfField(field: string, customFieldTypes: ReadonlyMap<string, number>): AsOfField | null {
  if (NOT_AS_OF[field] !== undefined) return null;
  const known = FIELDS[field];
  if (known) return known;
  const type = customFieldTypes.get(field);
  if (type === undefined || !/^cf_[a-z0-9_]+$/i.test(field)) return { kind: 'none' };
  const value = (bug: BugAsOf): CustomFieldValue => fields(bug).customFields[field] ?? null;
  switch (type) {
    case CustomFieldType.multiSelect:
      return { kind: 'textArray', read: (bug) => listOf(value(bug)) };
    case CustomFieldType.bugId:
    case CustomFieldType.integer:
      return { kind: 'int', read: (bug) => numberOf(value(bug)) };
    case CustomFieldType.dateTime:
    case CustomFieldType.date:
      return { kind: 'datetime', read: (bug) => nonEmpty(value(bug)) };
    default:
      // the SQL reads `coalesce(custom->>'cf_x', '')`
      return text((bug) => nonEmpty(value(bug)) ?? '');
  }
}

const listOf = (value: CustomFieldValue): readonly string[] => (Array.isArray(value) ? (value as readonly string[]) : []);
const numberOf = (value: CustomFieldValue): number | null => (value === null || value === '' ? null : Number(value));
const nonEmpty = (value: CustomFieldValue): string | null =>
  value === null || value === '' || Array.isArray(value) ? null : String(value);
