import { GET_FLAG_ACTIVITY_SUBJECT, getFlagActivityParams } from '@tracker/contracts';
import type { Route } from '../routing/route';

const activity = (path: string): Route => ({
  method: 'GET',
  path: `/review/flag_activity${path}`,
  params: getFlagActivityParams,
  target: { kind: 'message', subject: GET_FLAG_ACTIVITY_SUBJECT },
});

/**
 * BMO's flag activity (docs/flags.md §6): the bare route takes every filter as a query
 * parameter; the path forms put one filter in the path under the query's name. A malformed
 * flag or type id is the flags domain's 32000, an unknown login 504.
 */
export const flagActivityRoutes: readonly Route[] = [
  activity(''),
  activity('/:flag_id'),
  activity('/requestee/:requestee'),
  activity('/setter/:setter'),
  activity('/type_id/:type_id'),
  activity('/type_name/:type_name'),
];
