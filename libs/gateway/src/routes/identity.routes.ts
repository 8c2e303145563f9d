import type { Route } from '../routing/route';

/** The REST routes answered by the identity service. */
export const identityRoutes: readonly Route[] = [];
