/**
 * Internal, never routed by the gateway: drops the flags read model (flag types, flags,
 * activity) and replays the log into it, answering once it has caught up. Only for an
 * administrator (the caller's AuthContext must carry 'admin').
 * Answers a ReadModelRebuilt.
 */
export const REBUILD_FLAGS_SUBJECT = 'flags.admin.rebuild';
