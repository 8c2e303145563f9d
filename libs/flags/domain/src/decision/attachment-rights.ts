import type { DomainError, FlagInputGroup } from '@tracker/contracts';
import { FlagsErrors } from '../flags.errors';
import type { FlagWorkspace } from './flag-workspace';
import type { ResolvedInput } from './resolve-inputs';

/**
 * Bugzilla's flag-only attachment edit (update_attachment, docs/flags.md §3.3): a caller who
 * may not edit the attachment may still change flags they set or are asked for, when the
 * inputs name only existing flags and no field comes with them; the other inputs are
 * skipped. Anything else, or nothing of theirs, is 32000.
 */
export function checkOwnFlagsOnly(
  group: FlagInputGroup,
  resolved: readonly ResolvedInput[],
  workspace: FlagWorkspace,
  callerId: number,
): readonly ResolvedInput[] | DomainError {
  if (!group.restrictToOwnFlags || group.attachmentId === null) return resolved;
  const refusal = FlagsErrors.attachmentEditDenied(group.attachmentId);
  if (group.otherChanges || resolved.some((input) => input.kind !== 'existing')) return refusal;
  const own = resolved.filter((input) => {
    const flag = input.kind === 'existing' ? workspace.find(input.flagId) : undefined;
    return flag !== undefined && (flag.setter.id === callerId || flag.requestee?.id === callerId);
  });
  return own.length === 0 ? refusal : own;
}
