import {
  CREATE_FLAG_TYPE_SUBJECT,
  createFlagTypeParams,
  GET_FLAG_TYPES_SUBJECT,
  getFlagTypesParams,
  UPDATE_FLAG_TYPE_SUBJECT,
  updateFlagTypeParams,
} from '@tracker/contracts';
import type { Route } from '../routing/route';

/**
 * The REST routes answered by the flags service (docs/flags.md): FlagType.create (201, as
 * Bugzilla), FlagType.update and FlagType.get, the last also under BMO's `/flag_types/`.
 * Path segments arrive URL-decoded (a product named `a/b` is `a%2Fb`). Statuses come from
 * the error registry (51 → 404; 106, 304, 410 → 401; the others 400). FlagType.get ignores
 * include_fields / exclude_fields, as Bugzilla's does.
 */
const message = (subject: string): Route['target'] => ({ kind: 'message', subject });

const getFlagTypes = (path: string): Route => ({
  method: 'GET',
  path,
  params: getFlagTypesParams,
  target: message(GET_FLAG_TYPES_SUBJECT),
});

export const flagsRoutes: readonly Route[] = [
  { method: 'POST', path: '/flag_type', params: createFlagTypeParams, successStatus: 201, target: message(CREATE_FLAG_TYPE_SUBJECT) },
  { method: 'PUT', path: '/flag_type/:id_or_name', params: updateFlagTypeParams, target: message(UPDATE_FLAG_TYPE_SUBJECT) },
  getFlagTypes('/flag_type/:product'),
  getFlagTypes('/flag_type/:product/:component'),
  getFlagTypes('/flag_types/:product'),
  getFlagTypes('/flag_types/:product/:component'),
];
