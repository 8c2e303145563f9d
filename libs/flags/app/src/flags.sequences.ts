/** The id sequences of the flags read-model schema (its first migration creates them). */
export type FlagsSequence = 'flag_ids' | 'flagtype_ids';

/** What must be unique across streams, each guarded by its own lock namespace. */
export type FlagsLock = 'flagtype';
