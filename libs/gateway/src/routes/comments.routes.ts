import type { Route } from '../routing/route';

/** The REST routes answered by the comments service. */
export const commentsRoutes: readonly Route[] = [];
