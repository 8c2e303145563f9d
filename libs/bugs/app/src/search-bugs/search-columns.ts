import { CustomFieldType } from '@tracker/bugs/domain';
import type { CustomFieldDefinition } from '../read-model/bug.queries';

/**
 * How each search field is stored in the read model, which decides how an operator is
 * compiled for it. Columns are of `bugs b`; users, aliases, tags and comments live in
 * their own tables and are reached by sub-queries.
 */
export type SearchColumn =
  | { readonly kind: 'text'; readonly sql: string }
  | { readonly kind: 'int'; readonly sql: string }
  | { readonly kind: 'number'; readonly sql: string }
  | { readonly kind: 'bool'; readonly sql: string }
  | { readonly kind: 'datetime'; readonly sql: string }
  | { readonly kind: 'date'; readonly sql: string }
  | { readonly kind: 'textArray'; readonly sql: string }
  | { readonly kind: 'intArray'; readonly sql: string }
  | { readonly kind: 'alias' }
  | { readonly kind: 'user'; readonly sql: string; readonly name: 'login' | 'real_name' }
  | { readonly kind: 'userArray'; readonly sql: string }
  | { readonly kind: 'tag' }
  | { readonly kind: 'comment' }
  | { readonly kind: 'commenter' }
  | { readonly kind: 'none' };

const COLUMNS: Readonly<Record<string, SearchColumn>> = {
  bug_id: { kind: 'int', sql: 'b.id' },
  dup_id: { kind: 'int', sql: 'b.dupe_of' },
  alias: { kind: 'alias' },
  short_desc: { kind: 'text', sql: 'b.summary' },
  product: { kind: 'text', sql: 'b.product' },
  component: { kind: 'text', sql: 'b.component' },
  classification: { kind: 'text', sql: 'b.classification' },
  version: { kind: 'text', sql: 'b.version' },
  target_milestone: { kind: 'text', sql: 'b.target_milestone' },
  bug_status: { kind: 'text', sql: 'b.status' },
  resolution: { kind: 'text', sql: 'b.resolution' },
  priority: { kind: 'text', sql: 'b.priority' },
  bug_severity: { kind: 'text', sql: 'b.severity' },
  rep_platform: { kind: 'text', sql: 'b.platform' },
  op_sys: { kind: 'text', sql: 'b.op_sys' },
  bug_file_loc: { kind: 'text', sql: 'b.url' },
  status_whiteboard: { kind: 'text', sql: 'b.whiteboard' },
  everconfirmed: { kind: 'bool', sql: 'b.is_confirmed' },
  cclist_accessible: { kind: 'bool', sql: 'b.is_cc_accessible' },
  reporter_accessible: { kind: 'bool', sql: 'b.is_creator_accessible' },
  keywords: { kind: 'textArray', sql: 'b.keywords' },
  see_also: { kind: 'textArray', sql: 'b.see_also' },
  bug_group: { kind: 'textArray', sql: 'b.group_names' },
  blocked: { kind: 'intArray', sql: 'b.blocks' },
  dependson: { kind: 'intArray', sql: 'b.depends_on' },
  assigned_to: { kind: 'user', sql: 'b.assignee_id', name: 'login' },
  reporter: { kind: 'user', sql: 'b.reporter_id', name: 'login' },
  qa_contact: { kind: 'user', sql: 'b.qa_contact_id', name: 'login' },
  assigned_to_realname: { kind: 'user', sql: 'b.assignee_id', name: 'real_name' },
  reporter_realname: { kind: 'user', sql: 'b.reporter_id', name: 'real_name' },
  qa_contact_realname: { kind: 'user', sql: 'b.qa_contact_id', name: 'real_name' },
  cc: { kind: 'userArray', sql: 'b.cc_ids' },
  creation_ts: { kind: 'datetime', sql: 'b.creation_ts' },
  delta_ts: { kind: 'datetime', sql: 'b.delta_ts' },
  deadline: { kind: 'date', sql: 'b.deadline' },
  estimated_time: { kind: 'number', sql: 'b.estimated_time' },
  remaining_time: { kind: 'number', sql: 'b.remaining_time' },
  actual_time: { kind: 'number', sql: 'b.actual_time' },
  tag: { kind: 'tag' },
  longdesc: { kind: 'comment' },
  commenter: { kind: 'commenter' },
};

export function searchColumn(field: string, customFields: readonly CustomFieldDefinition[]): SearchColumn {
  const known = COLUMNS[field];
  if (known) return known;
  const custom = customFields.find((candidate) => candidate.name === field);
  if (!custom || !/^cf_[a-z0-9_]+$/i.test(custom.name)) return { kind: 'none' };
  const value = `b.custom->>'${custom.name}'`;
  switch (custom.type) {
    case CustomFieldType.multiSelect:
      return { kind: 'textArray', sql: `ARRAY(SELECT jsonb_array_elements_text(coalesce(b.custom->'${custom.name}', '[]'::jsonb)))` };
    case CustomFieldType.bugId:
    case CustomFieldType.integer:
      return { kind: 'int', sql: `(${value})::bigint` };
    case CustomFieldType.dateTime:
    case CustomFieldType.date:
      return { kind: 'datetime', sql: `(${value})::timestamptz` };
    default:
      return { kind: 'text', sql: `coalesce(${value}, '')` };
  }
}
