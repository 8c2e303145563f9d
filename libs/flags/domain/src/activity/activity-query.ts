import { CommonErrors, type DomainError, type GetFlagActivityParams, isDomainError } from '@tracker/contracts';
import { isDatabaseId } from '../flag-type-limits';
import { FlagsErrors } from '../flags.errors';

/** What a flag activity read selects; a null filter selects everything, an empty list nothing. */
export interface FlagActivityQuery {
  readonly flagIds: readonly number[] | null;
  readonly typeIds: readonly number[] | null;
  readonly requesteeId: number | null;
  readonly setterId: number | null;
  readonly bugId: number | null;
  readonly status: string | null;
  readonly limit: number;
  readonly offset: number;
  /** ISO instant: entries at or after it */
  readonly after: string | null;
  /** ISO instant: entries strictly before it */
  readonly before: string | null;
}

/** What the query needs from elsewhere: the installation's cap, every type, the users the logins name. */
export interface ActivityQueryFacts {
  readonly maxResults: number;
  readonly types: ReadonlyArray<{ readonly id: number; readonly name: string }>;
  /** the accounts of `requestee` and `setter` that exist */
  readonly users: ReadonlyArray<{ readonly id: number; readonly login: string }>;
}

/**
 * BMO's Review.flag_activity parameters in its order (docs/flags.md §6): `flag_id`, then
 * `flag_ids` (which replaces it), must be digits (32000); `type_id` too, `type_name` replaces
 * it with every type of that name (regardless of case); `requestee` and `setter` must be
 * accounts (504); `offset` needs `limit` (50); `limit` and `offset` may not be negative (53),
 * a `limit` of 0, absent or above the cap is the cap. Dates count from 00:00 UTC of their
 * day: `after` on or after it, `before` strictly before it (BMO includes the day). Ids no
 * database holds are well-formed and match nothing.
 */
export function flagActivityQuery(params: GetFlagActivityParams, facts: ActivityQueryFacts): FlagActivityQuery | DomainError {
  let flagIds: number[] | null = null;
  if (params.flag_id !== undefined) {
    const ids = digits([params.flag_id], FlagsErrors.flagIdInvalid);
    if (isDomainError(ids)) return ids;
    flagIds = ids;
  }
  if (params.flag_ids !== undefined) {
    const ids = digits(params.flag_ids, FlagsErrors.flagIdInvalid);
    if (isDomainError(ids)) return ids;
    flagIds = ids;
  }
  let typeIds: number[] | null = null;
  if (params.type_id !== undefined) {
    const ids = digits([params.type_id], FlagsErrors.flagTypeIdInvalid);
    if (isDomainError(ids)) return ids;
    typeIds = ids;
  }
  if (params.type_name !== undefined) {
    const name = params.type_name.toLowerCase();
    typeIds = facts.types.filter((type) => type.name.toLowerCase() === name).map((type) => type.id);
  }
  const requesteeId = params.requestee === undefined ? null : userId(params.requestee, facts);
  if (isDomainError(requesteeId)) return requesteeId;
  const setterId = params.setter === undefined ? null : userId(params.setter, facts);
  if (isDomainError(setterId)) return setterId;
  if (params.offset !== undefined && params.limit === undefined) return CommonErrors.paramRequired('limit');
  if (params.limit !== undefined && params.limit < 0) return CommonErrors.invalidParam('limit', params.limit);
  if (params.offset !== undefined && params.offset < 0) return CommonErrors.invalidParam('offset', params.offset);
  return {
    flagIds,
    typeIds,
    requesteeId,
    setterId,
    bugId: params.bug_id ?? null,
    status: params.status ?? null,
    limit: !params.limit || params.limit > facts.maxResults ? facts.maxResults : params.limit,
    offset: params.offset ?? 0,
    after: params.after === undefined ? null : startOfDay(params.after),
    before: params.before === undefined ? null : startOfDay(params.before),
  };
}

/** Each value must be digits; values beyond any database id stay well-formed and are left out (they match nothing). */
function digits(values: readonly string[], invalid: (value: string) => DomainError): number[] | DomainError {
  const bad = values.find((value) => !/^\d+$/.test(value.trim()));
  if (bad !== undefined) return invalid(bad);
  return values.map((value) => Number(value.trim())).filter(isDatabaseId);
}

function userId(login: string, facts: ActivityQueryFacts): number | DomainError {
  const user = facts.users.find((candidate) => candidate.login.toLowerCase() === login.toLowerCase());
  return user ? user.id : FlagsErrors.invalidUsername(login);
}

function startOfDay(instant: string): string {
  return `${instant.slice(0, 10)}T00:00:00.000Z`;
}
