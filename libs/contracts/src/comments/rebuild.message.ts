/**
 * Internal, never routed by the gateway: drops the comments read model and replays the
 * log into it, answering once it has caught up. Only for an administrator (the caller's
 * AuthContext must carry 'admin').
 */
export const COMMENTS_REBUILD_SUBJECT = 'comments.admin.rebuild';

export interface CommentsRebuildResult {
  readonly rebuilt: true;
}
