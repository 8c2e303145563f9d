/** The id sequences of the bugs read-model schema (its first migration creates them). */
export type BugSequence = 'bug_ids' | 'comment_ids' | 'attachment_ids';

/** An alias is unique over all bugs: changes of aliases take this lock namespace. */
export type BugLock = 'bug-alias';
