import {
  type BugChanges,
  type BugEvent,
  type BugFields,
  type BugListFields,
  type BugParticipants,
  type CurrentFlag,
  evolveCurrentFlags,
  type UserRef,
} from '@tracker/contracts';
import { type AttachmentRef, evolveAttachments } from './bug-attachments.state';
import { applyDelta } from './bug-lists';

/** A comment as the bug's rules need it: privacy changes and the next count. */
export interface CommentRef {
  readonly commentId: number;
  readonly count: number;
  readonly isPrivate: boolean;
}

export interface ExistingBug {
  readonly exists: true;
  readonly bugId: number;
  readonly reporter: UserRef;
  readonly fields: BugFields;
  readonly comments: readonly CommentRef[];
  /** hours worked: the sum of the comments' work time */
  readonly actualTime: number;
  /** in creation order */
  readonly attachments: readonly AttachmentRef[];
  /** the flags of the bug and of its attachments (FlagsChanged), what flags.decide decides on */
  readonly flags: readonly CurrentFlag[];
}

export type BugState = { readonly exists: false } | ExistingBug;

export const initialBugState = (): BugState => ({ exists: false });

const LIST_FIELDS: ReadonlyArray<keyof BugListFields> = ['alias', 'keywords', 'seeAlso', 'groups', 'blocks', 'dependsOn', 'cc'];

/** The bug's fields after a change set. */
export function applyChanges(fields: BugFields, changes: BugChanges): BugFields {
  const { customFields, alias, keywords, seeAlso, groups, blocks, dependsOn, cc, ...scalars } = changes;
  const lists = { alias, keywords, seeAlso, groups, blocks, dependsOn, cc };
  let next: BugFields = { ...fields, ...scalars, customFields: { ...fields.customFields, ...customFields } };
  for (const field of LIST_FIELDS) {
    const delta = lists[field];
    if (delta) next = { ...next, [field]: applyDelta(field, fields[field], delta as never) };
  }
  return next;
}

export function participantsOf(reporter: UserRef, fields: BugFields): BugParticipants {
  return {
    assignee: fields.assignee.id,
    qaContact: fields.qaContact?.id ?? null,
    reporter: reporter.id,
    cc: fields.cc.map((user) => user.id),
  };
}

export function evolveBug(state: BugState, event: BugEvent): BugState {
  switch (event.type) {
    case 'BugCreated': {
      const { bugId, reporter, fields, description } = event.data;
      return {
        exists: true,
        bugId,
        reporter,
        fields,
        comments: [{ commentId: description.commentId, count: 0, isPrivate: description.isPrivate }],
        actualTime: description.workTime,
        attachments: [],
        flags: [],
      };
    }
    case 'BugUpdated':
      return state.exists ? { ...state, fields: applyChanges(state.fields, event.data.changes) } : state;
    case 'CommentAdded': {
      if (!state.exists) return state;
      const { commentId, count, isPrivate, workTime } = event.data;
      return {
        ...state,
        comments: [...state.comments, { commentId, count, isPrivate }],
        actualTime: roundHours(state.actualTime + workTime),
      };
    }
    case 'CommentPrivacyChanged':
      if (!state.exists) return state;
      return {
        ...state,
        comments: state.comments.map((comment) =>
          comment.commentId === event.data.commentId ? { ...comment, isPrivate: event.data.isPrivate } : comment,
        ),
      };
    case 'AttachmentCreated':
    case 'AttachmentUpdated':
      return state.exists ? { ...state, attachments: evolveAttachments(state.attachments, event) } : state;
    case 'FlagsChanged':
      return state.exists ? { ...state, flags: evolveCurrentFlags(state.flags, event.data) } : state;
  }
}

/** Hours are stored with two decimals (Bugzilla's decimal(7,2)); sums must not drift. */
export function roundHours(hours: number): number {
  return Math.round(hours * 100) / 100;
}
