/**
 * How Bugzilla's messages name a bug field (its field-descs template), by API or internal
 * name. These are the words of its error templates, not the catalog's display names
 * (`Hardware` here, `Platform` in GET /rest/field/bug).
 */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  alias: 'Alias',
  assigned_to: 'Assignee',
  blocks: 'Blocks',
  cc: 'CC',
  classification: 'Classification',
  component: 'Component',
  deadline: 'Deadline',
  depends_on: 'Depends on',
  dupe_of: 'Duplicate',
  estimated_time: 'Orig. Est.',
  groups: 'Group',
  is_cc_accessible: 'CC list accessible',
  is_confirmed: 'Ever confirmed',
  is_creator_accessible: 'Reporter accessible',
  keywords: 'Keywords',
  op_sys: 'OS',
  platform: 'Hardware',
  priority: 'Priority',
  product: 'Product',
  qa_contact: 'QA Contact',
  remaining_time: 'Hours Left',
  resolution: 'Resolution',
  see_also: 'See Also',
  severity: 'Severity',
  status: 'Status',
  summary: 'Summary',
  target_milestone: 'Target Milestone',
  url: 'URL',
  version: 'Version',
  whiteboard: 'Whiteboard',
  work_time: 'Hours Worked',
};

/** The field's label in a message; a field without one (a custom field) is named as it is. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}
