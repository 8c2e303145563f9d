import type { DomainError, FlagTypeSettings } from '@tracker/contracts';
import { FlagsErrors } from '../flags.errors';

type Groups = Pick<FlagTypeSettings, 'grantGroup' | 'requestGroup'>;

/** May set `+` and `-` (Bugzilla's can_set_flag): the type has no grant group, or one is a member. */
export function canSetFlag(type: Groups, groupIds: readonly number[]): boolean {
  return type.grantGroup === null || groupIds.includes(type.grantGroup.id);
}

/** May request `?` (can_request_flag): may set it, or the type has no request group, or one is a member. */
export function canRequestFlag(type: Groups, groupIds: readonly number[]): boolean {
  return canSetFlag(type, groupIds) || type.requestGroup === null || groupIds.includes(type.requestGroup.id);
}

/**
 * Whether the caller may move a flag from `before` to `status` (Bugzilla's _check_setter,
 * docs/flags.md §3.4): an unchanged status (only the requestee changes) and `X` always pass;
 * `?` needs request rights, `+` and `-` set rights; else 130.
 */
export function checkFlagSetter(
  type: Groups & { readonly name: string },
  before: string,
  status: string,
  callerGroupIds: readonly number[],
): DomainError | undefined {
  if (status === before || status === 'X') return undefined;
  if (status === '?' ? canRequestFlag(type, callerGroupIds) : canSetFlag(type, callerGroupIds)) return undefined;
  return FlagsErrors.flagUpdateDenied(type.name, status);
}
