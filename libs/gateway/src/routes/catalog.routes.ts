import type { Route } from '../routing/route';

/** The REST routes answered by the catalog service. */
export const catalogRoutes: readonly Route[] = [];
