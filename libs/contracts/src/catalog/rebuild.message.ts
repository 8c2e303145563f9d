/**
 * Operators' tool (admin only; `POST /rest/catalog/rebuild`): drops the catalog's read
 * model, replays the event log into it and answers once it has caught up, with how long
 * that took. Safe to repeat; with several catalog replicas, the others' projections
 * resume from the rebuilt checkpoint.
 * Answers a ReadModelRebuilt.
 */
export const REBUILD_CATALOG_SUBJECT = 'catalog.admin.rebuild';
