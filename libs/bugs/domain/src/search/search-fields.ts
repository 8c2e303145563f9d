/**
 * The fields a search may name, by Bugzilla's internal name, with the API names and
 * aliases that lead to them (Bug::FIELD_MAP and the search's own synonyms).
 */
export const SEARCH_FIELD_NAMES = [
  'bug_id',
  'alias',
  'short_desc',
  'product',
  'component',
  'classification',
  'version',
  'target_milestone',
  'bug_status',
  'resolution',
  'everconfirmed',
  'dup_id',
  'priority',
  'bug_severity',
  'rep_platform',
  'op_sys',
  'bug_file_loc',
  'status_whiteboard',
  'keywords',
  'see_also',
  'bug_group',
  'blocked',
  'dependson',
  'assigned_to',
  'reporter',
  'qa_contact',
  'cc',
  'assigned_to_realname',
  'reporter_realname',
  'qa_contact_realname',
  'creation_ts',
  'delta_ts',
  'deadline',
  'estimated_time',
  'remaining_time',
  'actual_time',
  'cclist_accessible',
  'reporter_accessible',
  'tag',
  'longdesc',
  'commenter',
] as const;
export type SearchFieldName = (typeof SEARCH_FIELD_NAMES)[number];

const SYNONYMS: Readonly<Record<string, SearchFieldName>> = {
  id: 'bug_id',
  summary: 'short_desc',
  status: 'bug_status',
  is_confirmed: 'everconfirmed',
  dupe_of: 'dup_id',
  severity: 'bug_severity',
  platform: 'rep_platform',
  url: 'bug_file_loc',
  whiteboard: 'status_whiteboard',
  groups: 'bug_group',
  blocks: 'blocked',
  depends_on: 'dependson',
  creator: 'reporter',
  creation_time: 'creation_ts',
  last_change_time: 'delta_ts',
  is_cc_accessible: 'cclist_accessible',
  is_creator_accessible: 'reporter_accessible',
  tags: 'tag',
  comment: 'longdesc',
  'bugs.bug_id': 'bug_id',
  'bugs.delta_ts': 'delta_ts',
  'bugs.creation_ts': 'creation_ts',
  changeddate: 'delta_ts',
  opendate: 'creation_ts',
};

const TIME_TRACKING: ReadonlySet<string> = new Set(['estimated_time', 'remaining_time', 'actual_time']);

/** The internal name of a search field, `cf_...` for custom ones, or null when unknown. */
export function searchFieldName(name: string, customFields: readonly string[]): string | null {
  const key = name.trim();
  if ((SEARCH_FIELD_NAMES as readonly string[]).includes(key)) return key;
  if (SYNONYMS[key]) return SYNONYMS[key];
  return customFields.includes(key) ? key : null;
}

/** Time-tracking fields are unknown to callers outside the time-tracking group. */
export function isSearchableBy(field: string, timetracker: boolean): boolean {
  return timetracker || !TIME_TRACKING.has(field);
}

/** Fields whose values are logins matched as substrings (Bug.search's role parameters). */
export const ROLE_FIELDS: ReadonlySet<string> = new Set(['assigned_to', 'reporter', 'qa_contact', 'longdesc', 'cc']);

/**
 * Fields not searched by exact value by default. Summary and whiteboard take each value as
 * one substring, spaces included, as the contract and Bugzilla's API documentation say
 * (Bugzilla 5.2's code splits them into words: `summary_type=allwordssubstr` asks for that).
 */
export const DEFAULT_OPERATORS: Readonly<Record<string, 'substring' | 'allwordssubstr' | 'allwords'>> = {
  short_desc: 'substring',
  status_whiteboard: 'substring',
  bug_file_loc: 'allwordssubstr',
  keywords: 'allwords',
};

/** Select fields sort by their values' sort keys, as Bugzilla orders them (the SQL search and the one as of an instant). */
export const SORTED_BY_VALUE: Readonly<Record<string, string>> = {
  bug_status: 'statuses',
  priority: 'priorities',
  bug_severity: 'severities',
  resolution: 'resolutions',
  rep_platform: 'platforms',
  op_sys: 'opSystems',
};
