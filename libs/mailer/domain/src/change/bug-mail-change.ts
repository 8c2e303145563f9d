import type { BugParticipants, FlagChange, UserRef } from '@tracker/contracts';

/**
 * One change as the mailer sees it: what one user did to one bug in one request (the
 * events of one append), flattened into Bugzilla's diff rows and comments. Built from the
 * events by `bugMailChange`; everything in it is what some recipient may read, and
 * `visibleContent` takes out what a given recipient may not.
 */
export interface BugMailChange {
  /** the first event's id: names every mail of the change (job ids, Message-ID) */
  readonly changeId: string;
  readonly bugId: number;
  readonly changer: UserRef;
  /** ISO-8601 UTC, when the change was made */
  readonly occurredAt: string;
  /** the change created the bug */
  readonly isNew: boolean;
  /** the bug moved between an open and a closed status: the bugs it blocks are told (`dep_changed`) */
  readonly openStateChanged: boolean;
  readonly fields: readonly MailFieldChange[];
  readonly comments: readonly MailComment[];
  readonly flags: readonly MailFlagTarget[];
  /** before: null for a new bug */
  readonly participants: { readonly before: BugParticipants | null; readonly after: BugParticipants };
}

/** An attachment a diff row or comment is about, with its privacy after the change. */
export interface MailAttachmentRef {
  readonly id: number;
  readonly isPrivate: boolean;
}

/** One row of Bugzilla's diff: the field by its Bugzilla name, old and new values as text. */
export interface MailFieldChange {
  /** `bug_status`, `cc`, `attachments.description`, `flagtypes.name`, `cf_...` */
  readonly field: string;
  /** null when the mailer does not know it (a scalar of a bug whose earlier values it never folded) */
  readonly removed: string | null;
  readonly added: string;
  readonly attachment: MailAttachmentRef | null;
  /** for `cc`: the user ids added and removed, so a recipient's own CC change is known */
  readonly userIds?: { readonly added: readonly number[]; readonly removed: readonly number[] };
}

export interface MailComment {
  readonly commentId: number;
  /** 0 for the description */
  readonly count: number;
  /** as readers see it, with Bugzilla's own text (attachment and duplicate notes) */
  readonly text: string;
  readonly isPrivate: boolean;
  /** hours worked with this comment; only time trackers see it */
  readonly workTime: number;
  /** the comment creates an attachment (Bugzilla's CMT_ATTACHMENT_CREATED: event `attachment`) */
  readonly createsAttachment: boolean;
}

/** The flag changes of one target (the bug, or one attachment) in the change. */
export interface MailFlagTarget {
  readonly attachment: MailAttachmentRef | null;
  readonly changes: readonly FlagChange[];
}
