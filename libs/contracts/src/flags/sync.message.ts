import type { CommentsSyncParams, CommentsSyncResult } from '../comments/sync.message';

/**
 * Read-your-writes across services: the bugs service, after appending FlagsChanged, asks the
 * flags service to answer once its read model has applied the stream up to that position.
 * The same request and answer as `comments.sync`.
 */
export const FLAGS_SYNC_SUBJECT = 'flags.sync';

export type FlagsSyncParams = CommentsSyncParams;
export type FlagsSyncResult = CommentsSyncResult;
