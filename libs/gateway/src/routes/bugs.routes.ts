import type { Route } from '../routing/route';

/** The REST routes answered by the bugs service. */
export const bugsRoutes: readonly Route[] = [];
