import type { BugScalarFields, BugListFields } from '@tracker/contracts';
import type { BugMailEvent } from '../preferences/mail-events';

/**
 * Bugzilla's field names (its activity and mail) and the event each one sets
 * (Bugzilla/User.pm `%names_to_events`); a field not named sets `other`.
 */
export const SCALAR_FIELD_NAMES: Readonly<Partial<Record<keyof BugScalarFields, string>>> = {
  summary: 'short_desc',
  product: 'product',
  component: 'component',
  classification: 'classification',
  version: 'version',
  targetMilestone: 'target_milestone',
  status: 'bug_status',
  resolution: 'resolution',
  isConfirmed: 'everconfirmed',
  dupeOf: 'dup_id',
  priority: 'priority',
  severity: 'bug_severity',
  platform: 'rep_platform',
  opSys: 'op_sys',
  url: 'bug_file_loc',
  whiteboard: 'status_whiteboard',
  assignee: 'assigned_to',
  qaContact: 'qa_contact',
  isCcAccessible: 'cclist_accessible',
  isCreatorAccessible: 'reporter_accessible',
  deadline: 'deadline',
  estimatedTime: 'estimated_time',
  remainingTime: 'remaining_time',
};

export const LIST_FIELD_NAMES: Readonly<Record<keyof BugListFields, string>> = {
  alias: 'alias',
  keywords: 'keywords',
  seeAlso: 'see_also',
  groups: 'bug_group',
  blocks: 'blocked',
  dependsOn: 'dependson',
  cc: 'cc',
};

export const ATTACHMENT_FIELD_NAMES = {
  fileName: 'attachments.filename',
  summary: 'attachments.description',
  contentType: 'attachments.mimetype',
  isPatch: 'attachments.ispatch',
  isPrivate: 'attachments.isprivate',
  isObsolete: 'attachments.isobsolete',
} as const;

export const FLAG_FIELD_NAME = 'flagtypes.name';
export const WORK_TIME_FIELD_NAME = 'work_time';

const FIELD_EVENTS: Readonly<Record<string, BugMailEvent>> = {
  resolution: 'opened-closed',
  keywords: 'keywords',
  cc: 'cc',
  bug_severity: 'project-management',
  priority: 'project-management',
  bug_status: 'project-management',
  target_milestone: 'project-management',
  'attachments.description': 'attachment-data',
  'attachments.mimetype': 'attachment-data',
  'attachments.ispatch': 'attachment-data',
  dependson: 'dependencies',
  blocked: 'dependencies',
  product: 'product-component',
  component: 'product-component',
};

export function eventOfField(field: string): BugMailEvent {
  return FIELD_EVENTS[field] ?? 'other';
}

/** Bugzilla shows these only to the time-tracking group. */
export const TIME_TRACKING_FIELDS: readonly string[] = ['estimated_time', 'remaining_time', 'deadline', WORK_TIME_FIELD_NAME];
