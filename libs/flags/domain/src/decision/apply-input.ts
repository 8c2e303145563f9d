import { type DomainError, FLAG_STATUSES, type FlagInput, type FlagStatus, isDomainError, type UserRef } from '@tracker/contracts';
import { FlagsErrors } from '../flags.errors';
import type { FlagTypeFacts, FlagUser } from './decide-flags.command';
import type { DecisionContext } from './decision-context';
import { checkFlagSetter } from './flag-permissions';
import type { FlagWorkspace } from './flag-workspace';
import { checkRequestee } from './requestee-check';
import type { ResolvedInput } from './resolve-inputs';

/** Where one input is applied: the decision's facts, the flags so far, and the flags cancelled by obsolescence. */
export interface ApplyScope {
  readonly context: DecisionContext;
  readonly workspace: FlagWorkspace;
  readonly attachmentId: number | null;
  readonly cancelled: ReadonlySet<number>;
}

/**
 * One resolved input, as Bugzilla's set_flag and _validate (docs/flags.md §3.3). A flag:
 * skipped when cancelled by its attachment's obsolescence or already cleared; its status
 * (129), its requestee, and when either changes the caller's right to set it (130); `X`
 * clears it. A new flag: `X` ignored; the type active (134) and, unless multiplicable, not
 * on the target yet (32000); then as a flag without a status. The setter becomes the
 * caller when status or requestee change, except that a `?` asked again keeps its requester.
 */
export function applyInput(resolved: ResolvedInput, scope: ApplyScope): DomainError | undefined {
  switch (resolved.kind) {
    case 'existing':
      return applyToFlag(resolved.input, resolved.flagId, scope);
    case 'new':
      return createFlag(resolved.input, resolved.type, scope);
    case 'unnamed':
      return FlagsErrors.flagIdentifierRequired();
  }
}

function applyToFlag(input: FlagInput, flagId: number, scope: ApplyScope): DomainError | undefined {
  const flag = scope.workspace.find(flagId);
  const type = flag && scope.context.type(flag.typeId);
  if (!flag || !type || scope.cancelled.has(flagId)) return undefined;
  const outcome = validate(input, type, flag.status, flag.requestee, flagId, scope);
  if (isDomainError(outcome)) return outcome;
  const requesteeChanged = (outcome.requestee?.id ?? null) !== (flag.requestee?.id ?? null);
  if (outcome.status === flag.status && !requesteeChanged) return undefined;
  const setter = outcome.status === '?' && flag.status === '?' ? flag.setter : scope.context.callerRef;
  if (outcome.status === 'X') scope.workspace.remove(flag, 'request');
  else scope.workspace.put({ ...flag, status: outcome.status, setter, requestee: outcome.requestee }, 'request');
  return undefined;
}

function createFlag(input: FlagInput, type: FlagTypeFacts, scope: ApplyScope): DomainError | undefined {
  if (input.status === 'X') return undefined;
  if (!type.isActive) return FlagsErrors.flagTypeInactive(type.name);
  const { attachmentId, workspace } = scope;
  if (!type.isMultiplicable && workspace.flagsOf(attachmentId).some((flag) => flag.typeId === type.id)) {
    return FlagsErrors.flagTypeNotMultiplicable(type.name, attachmentId === null ? 'bug' : 'attachment');
  }
  const outcome = validate(input, type, '', null, null, scope);
  if (isDomainError(outcome)) return outcome;
  if (outcome.status === 'X') return undefined;
  workspace.put(
    {
      flagId: workspace.nextFlagId(),
      attachmentId,
      typeId: type.id,
      status: outcome.status,
      setter: scope.context.callerRef,
      requestee: outcome.requestee,
    },
    'request',
  );
  return undefined;
}

/**
 * The status (129: not `? + - X`, or a new `?` on a type that is not requestable), the
 * requestee (kept only with `?`; a named one must exist (51) and, when new to the flag,
 * pass the requestee checks) and the setter's right to the change (130).
 */
function validate(
  input: FlagInput,
  type: FlagTypeFacts,
  before: FlagStatus | '',
  previousRequestee: UserRef | null,
  flagId: number | null,
  scope: ApplyScope,
): { status: FlagStatus | 'X'; requestee: UserRef | null } | DomainError {
  const status = input.status ?? '';
  if (!isSettable(status) || (status === '?' && before !== '?' && !type.isRequestable))
    return FlagsErrors.flagStatusInvalid(status, flagId);
  let requestee: FlagUser | null = null;
  if (status === '?' && input.requestee) {
    const named = scope.context.userByLogin(input.requestee);
    if (!named) return FlagsErrors.requesteeNotFound(input.requestee);
    if (named.id !== previousRequestee?.id) {
      const refused = checkRequestee(named, type, scope.context.requesteeTarget(scope.attachmentId));
      if (refused) return refused;
    }
    requestee = named;
  }
  const requesteeChanged = (requestee?.id ?? null) !== (previousRequestee?.id ?? null);
  if (status !== before || requesteeChanged) {
    const denied = checkFlagSetter(type, before, status, scope.context.command.caller.groupIds);
    if (denied) return denied;
  }
  return { status, requestee: requestee && { id: requestee.id, login: requestee.login } };
}

function isSettable(status: string): status is FlagStatus | 'X' {
  return status === 'X' || (FLAG_STATUSES as readonly string[]).includes(status);
}
