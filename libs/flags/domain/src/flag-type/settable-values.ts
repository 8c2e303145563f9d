import type { FlagTypeSettings } from '@tracker/contracts';
import { canRequestFlag, canSetFlag } from '../decision/flag-permissions';

/**
 * `values` of a flag type read (Bugzilla's _flagtype_to_hash): `X` always, `?` when the type
 * is requestable and the caller may request it, `+` and `-` when they may set it. A logged-out
 * caller is in no group.
 */
export function settableValues(
  type: Pick<FlagTypeSettings, 'isRequestable' | 'grantGroup' | 'requestGroup'>,
  callerGroupIds: readonly number[],
): string[] {
  return [
    'X',
    ...(type.isRequestable && canRequestFlag(type, callerGroupIds) ? ['?'] : []),
    ...(canSetFlag(type, callerGroupIds) ? ['+', '-'] : []),
  ];
}
