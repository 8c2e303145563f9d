import { FIELD_TYPE, type FieldTypeCode } from '@tracker/contracts';

/**
 * The standard bug fields of a fresh Bugzilla 5.2, in its order and with its ids, names,
 * display names and types (Bugzilla::Field DEFAULT_FIELDS; GET /rest/field/bug of the
 * reference installation). Ids are fixed: other installations' clients may know them.
 */
export interface StandardField {
  readonly id: number;
  readonly name: string;
  readonly displayName: string;
  readonly type: FieldTypeCode;
  readonly isMandatory?: boolean;
}

const { unknown, singleSelect, keywords, dateTime, bugUrls } = FIELD_TYPE;

export const STANDARD_FIELDS: readonly StandardField[] = [
  { id: 1, name: 'bug_id', displayName: 'Bug #', type: unknown },
  { id: 2, name: 'short_desc', displayName: 'Summary', type: unknown, isMandatory: true },
  { id: 3, name: 'classification', displayName: 'Classification', type: singleSelect },
  { id: 4, name: 'product', displayName: 'Product', type: singleSelect, isMandatory: true },
  { id: 5, name: 'version', displayName: 'Version', type: unknown, isMandatory: true },
  { id: 6, name: 'rep_platform', displayName: 'Platform', type: singleSelect },
  { id: 7, name: 'bug_file_loc', displayName: 'URL', type: unknown },
  { id: 8, name: 'op_sys', displayName: 'OS/Version', type: singleSelect },
  { id: 9, name: 'bug_status', displayName: 'Status', type: singleSelect },
  { id: 10, name: 'status_whiteboard', displayName: 'Status Whiteboard', type: unknown },
  { id: 11, name: 'keywords', displayName: 'Keywords', type: keywords },
  { id: 12, name: 'resolution', displayName: 'Resolution', type: singleSelect },
  { id: 13, name: 'bug_severity', displayName: 'Severity', type: singleSelect },
  { id: 14, name: 'priority', displayName: 'Priority', type: singleSelect },
  { id: 15, name: 'component', displayName: 'Component', type: singleSelect, isMandatory: true },
  { id: 16, name: 'assigned_to', displayName: 'AssignedTo', type: unknown },
  { id: 17, name: 'reporter', displayName: 'ReportedBy', type: unknown },
  { id: 18, name: 'qa_contact', displayName: 'QAContact', type: unknown },
  { id: 19, name: 'assigned_to_realname', displayName: 'AssignedToName', type: unknown },
  { id: 20, name: 'reporter_realname', displayName: 'ReportedByName', type: unknown },
  { id: 21, name: 'qa_contact_realname', displayName: 'QAContactName', type: unknown },
  { id: 22, name: 'cc', displayName: 'CC', type: unknown },
  { id: 23, name: 'dependson', displayName: 'Depends on', type: unknown },
  { id: 24, name: 'blocked', displayName: 'Blocks', type: unknown },
  { id: 25, name: 'attachments.description', displayName: 'Attachment description', type: unknown },
  { id: 26, name: 'attachments.filename', displayName: 'Attachment filename', type: unknown },
  { id: 27, name: 'attachments.mimetype', displayName: 'Attachment mime type', type: unknown },
  { id: 28, name: 'attachments.ispatch', displayName: 'Attachment is patch', type: unknown },
  { id: 29, name: 'attachments.isobsolete', displayName: 'Attachment is obsolete', type: unknown },
  { id: 30, name: 'attachments.isprivate', displayName: 'Attachment is private', type: unknown },
  { id: 31, name: 'attachments.submitter', displayName: 'Attachment creator', type: unknown },
  { id: 32, name: 'target_milestone', displayName: 'Target Milestone', type: unknown },
  { id: 33, name: 'creation_ts', displayName: 'Creation date', type: unknown },
  { id: 34, name: 'delta_ts', displayName: 'Last changed date', type: unknown },
  { id: 35, name: 'longdesc', displayName: 'Comment', type: unknown },
  { id: 36, name: 'longdescs.isprivate', displayName: 'Comment is private', type: unknown },
  { id: 37, name: 'longdescs.count', displayName: 'Number of Comments', type: unknown },
  { id: 38, name: 'alias', displayName: 'Alias', type: unknown },
  { id: 39, name: 'everconfirmed', displayName: 'Ever Confirmed', type: unknown },
  { id: 40, name: 'reporter_accessible', displayName: 'Reporter Accessible', type: unknown },
  { id: 41, name: 'cclist_accessible', displayName: 'CC Accessible', type: unknown },
  { id: 42, name: 'bug_group', displayName: 'Group', type: unknown },
  { id: 43, name: 'estimated_time', displayName: 'Estimated Hours', type: unknown },
  { id: 44, name: 'remaining_time', displayName: 'Remaining Hours', type: unknown },
  { id: 45, name: 'deadline', displayName: 'Deadline', type: dateTime },
  { id: 46, name: 'commenter', displayName: 'Commenter', type: unknown },
  { id: 47, name: 'flagtypes.name', displayName: 'Flags', type: unknown },
  { id: 48, name: 'requestees.login_name', displayName: 'Flag Requestee', type: unknown },
  { id: 49, name: 'setters.login_name', displayName: 'Flag Setter', type: unknown },
  { id: 50, name: 'work_time', displayName: 'Hours Worked', type: unknown },
  { id: 51, name: 'percentage_complete', displayName: 'Percentage Complete', type: unknown },
  { id: 52, name: 'content', displayName: 'Content', type: unknown },
  { id: 53, name: 'attach_data.thedata', displayName: 'Attachment data', type: unknown },
  { id: 54, name: 'owner_idle_time', displayName: 'Time Since Assignee Touched', type: unknown },
  { id: 55, name: 'see_also', displayName: 'See Also', type: bugUrls },
  { id: 56, name: 'tag', displayName: 'Personal Tags', type: keywords },
  { id: 57, name: 'last_visit_ts', displayName: 'Last Visit', type: dateTime },
  { id: 58, name: 'comment_tag', displayName: 'Comment Tag', type: unknown },
  { id: 59, name: 'days_elapsed', displayName: 'Days since bug changed', type: unknown },
];

/** Standard field ids other code refers to (value sources of the abnormal select fields). */
export const FIELD_ID = {
  classification: 3,
  product: 4,
  version: 5,
  bugStatus: 9,
  keywords: 11,
  component: 15,
  targetMilestone: 32,
} as const;

/** Standard sort keys leave room (100 apart) for custom fields between them. */
export const standardSortKey = (id: number): number => id * 100;
