/**
 * Internal, never routed by the gateway: drops the comments read model and replays the
 * log into it, answering once it has caught up. Only for an administrator (the caller's
 * AuthContext must carry 'admin').
 * Answers a ReadModelRebuilt.
 */
export const REBUILD_COMMENTS_SUBJECT = 'comments.admin.rebuild';
