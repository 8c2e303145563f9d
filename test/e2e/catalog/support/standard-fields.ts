/**
 * GET /rest/field/bug of a fresh Bugzilla 5.2 (golden 47): id, name, display name, type
 * and mandatory flag of the 59 standard fields, in order. Written out here, not imported
 * from the code under test, so that a change there fails the suite.
 */
export const STANDARD_FIELD_LIST: ReadonlyArray<readonly [number, string, string, number, boolean]> = [
  [1, 'bug_id', 'Bug #', 0, false],
  [2, 'short_desc', 'Summary', 0, true],
  [3, 'classification', 'Classification', 2, false],
  [4, 'product', 'Product', 2, true],
  [5, 'version', 'Version', 0, true],
  [6, 'rep_platform', 'Platform', 2, false],
  [7, 'bug_file_loc', 'URL', 0, false],
  [8, 'op_sys', 'OS/Version', 2, false],
  [9, 'bug_status', 'Status', 2, false],
  [10, 'status_whiteboard', 'Status Whiteboard', 0, false],
  [11, 'keywords', 'Keywords', 8, false],
  [12, 'resolution', 'Resolution', 2, false],
  [13, 'bug_severity', 'Severity', 2, false],
  [14, 'priority', 'Priority', 2, false],
  [15, 'component', 'Component', 2, true],
  [16, 'assigned_to', 'AssignedTo', 0, false],
  [17, 'reporter', 'ReportedBy', 0, false],
  [18, 'qa_contact', 'QAContact', 0, false],
  [19, 'assigned_to_realname', 'AssignedToName', 0, false],
  [20, 'reporter_realname', 'ReportedByName', 0, false],
  [21, 'qa_contact_realname', 'QAContactName', 0, false],
  [22, 'cc', 'CC', 0, false],
  [23, 'dependson', 'Depends on', 0, false],
  [24, 'blocked', 'Blocks', 0, false],
  [25, 'attachments.description', 'Attachment description', 0, false],
  [26, 'attachments.filename', 'Attachment filename', 0, false],
  [27, 'attachments.mimetype', 'Attachment mime type', 0, false],
  [28, 'attachments.ispatch', 'Attachment is patch', 0, false],
  [29, 'attachments.isobsolete', 'Attachment is obsolete', 0, false],
  [30, 'attachments.isprivate', 'Attachment is private', 0, false],
  [31, 'attachments.submitter', 'Attachment creator', 0, false],
  [32, 'target_milestone', 'Target Milestone', 0, false],
  [33, 'creation_ts', 'Creation date', 0, false],
  [34, 'delta_ts', 'Last changed date', 0, false],
  [35, 'longdesc', 'Comment', 0, false],
  [36, 'longdescs.isprivate', 'Comment is private', 0, false],
  [37, 'longdescs.count', 'Number of Comments', 0, false],
  [38, 'alias', 'Alias', 0, false],
  [39, 'everconfirmed', 'Ever Confirmed', 0, false],
  [40, 'reporter_accessible', 'Reporter Accessible', 0, false],
  [41, 'cclist_accessible', 'CC Accessible', 0, false],
  [42, 'bug_group', 'Group', 0, false],
  [43, 'estimated_time', 'Estimated Hours', 0, false],
  [44, 'remaining_time', 'Remaining Hours', 0, false],
  [45, 'deadline', 'Deadline', 5, false],
  [46, 'commenter', 'Commenter', 0, false],
  [47, 'flagtypes.name', 'Flags', 0, false],
  [48, 'requestees.login_name', 'Flag Requestee', 0, false],
  [49, 'setters.login_name', 'Flag Setter', 0, false],
  [50, 'work_time', 'Hours Worked', 0, false],
  [51, 'percentage_complete', 'Percentage Complete', 0, false],
  [52, 'content', 'Content', 0, false],
  [53, 'attach_data.thedata', 'Attachment data', 0, false],
  [54, 'owner_idle_time', 'Time Since Assignee Touched', 0, false],
  [55, 'see_also', 'See Also', 7, false],
  [56, 'tag', 'Personal Tags', 8, false],
  [57, 'last_visit_ts', 'Last Visit', 5, false],
  [58, 'comment_tag', 'Comment Tag', 0, false],
  [59, 'days_elapsed', 'Days since bug changed', 0, false],
];

/** Golden 48: the bug_status field of a fresh install, whole. */
const to = (...names: string[]): Array<{ name: string; comment_required: boolean }> =>
  names.map((name) => ({ name, comment_required: false }));
const status = (
  name: string | null,
  sortKey: number,
  isOpen: boolean,
  canChangeTo: Array<{ name: string; comment_required: boolean }>,
) => ({
  name,
  sort_key: sortKey,
  sortkey: sortKey,
  visibility_values: [],
  is_open: isOpen,
  can_change_to: canChangeTo,
});

export const GOLDEN_BUG_STATUS = {
  id: 9,
  name: 'bug_status',
  display_name: 'Status',
  type: 2,
  is_custom: false,
  is_mandatory: false,
  is_on_bug_entry: false,
  visibility_field: null,
  visibility_values: [],
  value_field: null,
  values: [
    status(null, 0, true, to('UNCONFIRMED', 'CONFIRMED', 'IN_PROGRESS')),
    status('UNCONFIRMED', 100, true, to('CONFIRMED', 'IN_PROGRESS', 'RESOLVED')),
    status('CONFIRMED', 200, true, to('IN_PROGRESS', 'RESOLVED')),
    status('IN_PROGRESS', 300, true, to('CONFIRMED', 'RESOLVED')),
    status('RESOLVED', 400, false, to('UNCONFIRMED', 'CONFIRMED', 'VERIFIED')),
    status('VERIFIED', 500, false, to('UNCONFIRMED', 'CONFIRMED')),
  ],
};

/** A select field's plain values as Bug.fields lists them: sort keys 100 apart, no visibility. */
export const plainValues = (...names: string[]) =>
  names.map((name, i) => ({ name, sort_key: (i + 1) * 100, sortkey: (i + 1) * 100, visibility_values: [] }));
