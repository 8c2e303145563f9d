/** The id sequences of the bugs read-model schema (its first migration creates them). */
export type BugSequence = 'bug_ids' | 'comment_ids' | 'attachment_ids';

/**
 * Bugs and comments take their ids in blocks (IdBlock: one query per block instead of
 * one per id; a restart leaves at most a block of gaps, which Bugzilla has too).
 */
export const BUG_ID_BLOCKS: Readonly<Partial<Record<BugSequence, number>>> = { bug_ids: 32, comment_ids: 64 };

/** An alias is unique over all bugs: changes of aliases take this lock namespace. */
export type BugLock = 'bug-alias';
