/**
 * Field names quicksearch understands (`field:value`), as Bugzilla's Quicksearch FIELD_MAP:
 * its shortcuts plus every bug field name, a unique prefix of one, or a custom field
 * without its `cf_`. Fields Tracker cannot search yet (flags, attachments) are known
 * but match nothing.
 */
const SHORTCUTS: Readonly<Record<string, string>> = {
  status: 'bug_status',
  platform: 'rep_platform',
  os: 'op_sys',
  severity: 'bug_severity',
  assignee: 'assigned_to',
  owner: 'assigned_to',
  milestone: 'target_milestone',
  summary: 'short_desc',
  description: 'longdesc',
  comment: 'longdesc',
  url: 'bug_file_loc',
  whiteboard: 'status_whiteboard',
  sw: 'status_whiteboard',
  kw: 'keywords',
  group: 'bug_group',
  flag: 'flagtypes.name',
  requestee: 'requestees.login_name',
  setter: 'setters.login_name',
  attachment: 'attachments.description',
  attachmentdesc: 'attachments.description',
  attachdesc: 'attachments.description',
  attachmentdata: 'attach_data.thedata',
  attachdata: 'attach_data.thedata',
  attachmentmimetype: 'attachments.mimetype',
  attachmimetype: 'attachments.mimetype',
};

const BUG_FIELDS = [
  'bug_id',
  'short_desc',
  'classification',
  'product',
  'version',
  'op_sys',
  'keywords',
  'resolution',
  'priority',
  'component',
  'assigned_to',
  'reporter',
  'qa_contact',
  'assigned_to_realname',
  'reporter_realname',
  'qa_contact_realname',
  'cc',
  'dependson',
  'blocked',
  'target_milestone',
  'creation_ts',
  'delta_ts',
  'longdesc',
  'alias',
  'everconfirmed',
  'estimated_time',
  'remaining_time',
  'deadline',
  'commenter',
  'work_time',
  'percentage_complete',
  'content',
  'owner_idle_time',
  'see_also',
  'tag',
  'last_visit_ts',
  'comment_tag',
  'days_elapsed',
];

/** What quicksearch-only names mean for Tracker's search. */
const RENAMED: Readonly<Record<string, string>> = { content: 'longdesc' };

export type FieldLookup = { readonly field: string } | { readonly ambiguous: readonly string[] } | null;

export function quicksearchField(name: string, customFields: readonly string[]): FieldLookup {
  const map: Record<string, string> = { ...SHORTCUTS };
  for (const field of [...BUG_FIELDS, ...customFields]) map[field] = field;
  const wanted = name.toLowerCase();
  const translate = (field: string): string => RENAMED[field] ?? field;
  const exact = map[wanted];
  if (exact !== undefined) return { field: translate(exact) };
  const matches = [
    ...new Set(
      Object.keys(map)
        .filter((key) => key.startsWith(wanted))
        .map((key) => map[key] as string),
    ),
  ];
  if (matches.length === 1) return { field: translate(matches[0] as string) };
  if (matches.length > 1) return { ambiguous: [...matches].sort() };
  const cfless = customFields.filter((field) => field.startsWith('cf_') && field.slice(3).startsWith(wanted));
  const exactCf = customFields.find((field) => field.slice(3) === wanted);
  if (exactCf) return { field: exactCf };
  return cfless.length === 1 ? { field: cfless[0] as string } : null;
}
