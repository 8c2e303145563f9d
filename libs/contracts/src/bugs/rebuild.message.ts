/**
 * Internal, never routed by the gateway: drops the bugs read model and replays the log
 * into it, answering once it has caught up. Only for an administrator (`admin`).
 * Answers a ReadModelRebuilt.
 */
export const REBUILD_BUGS_SUBJECT = 'bugs.admin.rebuild';
