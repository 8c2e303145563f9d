/**
 * An operator action, not a REST call: drops identity's read model and replays the log
 * into it. Refused unless the request's AuthContext holds the admin permission. Answers
 * once the read model has caught up with the log as it was.
 * Answers a ReadModelRebuilt.
 */
export const REBUILD_IDENTITY_SUBJECT = 'identity.admin.rebuild';
