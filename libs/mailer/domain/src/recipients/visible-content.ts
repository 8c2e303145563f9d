import type { BugMailChange, MailComment, MailFieldChange } from '../change/bug-mail-change';
import { TIME_TRACKING_FIELDS } from '../change/mail-fields';
import type { MailUserFacts } from './mail-facts';

/** What one recipient may read of a change. */
export interface VisibleContent {
  readonly fields: readonly MailFieldChange[];
  readonly comments: readonly MailComment[];
}

type Reader = Pick<MailUserFacts, 'isInsider' | 'isTimeTracker'>;

/**
 * Bugzilla's sendMail filter: private comments and anything about a private attachment
 * only for insiders; time tracking only for time trackers (a comment's hours are blanked).
 */
export function visibleContent(change: Pick<BugMailChange, 'fields' | 'comments'>, reader: Reader): VisibleContent {
  return {
    fields: change.fields.filter(
      (field) => (reader.isTimeTracker || !TIME_TRACKING_FIELDS.includes(field.field)) && mayRead(reader, field),
    ),
    comments: change.comments
      .filter((comment) => reader.isInsider || !comment.isPrivate)
      .map((comment) => (reader.isTimeTracker || comment.workTime === 0 ? comment : { ...comment, workTime: 0 })),
  };
}

function mayRead(reader: Reader, field: MailFieldChange): boolean {
  return reader.isInsider || field.attachment?.isPrivate !== true;
}

/** A mail with no visible change and no visible comment is not sent; a new bug's always is. */
export function hasContent(content: VisibleContent, isNew: boolean): boolean {
  return isNew || content.fields.length > 0 || content.comments.length > 0;
}
