import {
  type CurrentFlag,
  type Decider,
  evolveCurrentFlags,
  type FlagInputGroup,
  type FlagsChanged,
  isDomainError,
} from '@tracker/contracts';
import { applyInput } from './apply-input';
import { checkOwnFlagsOnly } from './attachment-rights';
import type { DecideFlags } from './decide-flags.command';
import { DecisionContext } from './decision-context';
import { FlagRefusal } from './flag-refusal';
import { FlagWorkspace } from './flag-workspace';
import { flagsChangedEvents } from './flags-changed';
import { cancelObsoleteRequests } from './obsolete-cancel';
import { resolveInputs } from './resolve-inputs';
import { dropUnaskableRequestees, retargetOrClear } from './retarget';

/**
 * The flag decision of one bug (`flags.decide`, docs/flags.md §3): the state is the bug's
 * current flags, folded from its FlagsChanged events; the outcome one FlagsChanged per target
 * that changed, or the first refusal with its stage and input group.
 */
export const flagDecider: Decider<readonly CurrentFlag[], DecideFlags, FlagsChanged> = {
  initialState: () => [],
  evolve: (flags, event) => evolveCurrentFlags(flags, event.data),
  decide: (command, flags) => decideFlags(command, flags),
};

/**
 * In a user's change: pending requests of attachments made obsolete are cancelled, then each
 * input group in order is resolved (extract), limited to the caller's own flags when they may
 * not edit the attachment (rights) and applied (apply): inputs naming existing flags first,
 * then those creating flags, each in the given order (Bugzilla's set_flags). After a move, or
 * in reconcile mode, flags whose type no longer applies are retargeted or cleared; in
 * reconcile mode requestees of types no longer specifically requestable are dropped.
 */
export function decideFlags(command: DecideFlags, current: readonly CurrentFlag[]): readonly FlagsChanged[] | FlagRefusal {
  const context = new DecisionContext(command);
  const workspace = new FlagWorkspace(current, command.flagIds);
  if (command.mode === 'change') {
    const cancelled = cancelObsoleteRequests(context, workspace);
    for (const [index, group] of command.inputs.entries()) {
      const refusal = applyGroup(group, index, context, workspace, cancelled);
      if (refusal) return refusal;
    }
  }
  if (command.mode === 'reconcile' || command.bug.moved)
    retargetOrClear(context, workspace, command.mode === 'reconcile' ? 'flag-type-changed' : 'bug-moved');
  if (command.mode === 'reconcile') dropUnaskableRequestees(context, workspace);
  return flagsChangedEvents(context, workspace).map((data) => ({ type: 'FlagsChanged', data }));
}

function applyGroup(
  group: FlagInputGroup,
  index: number,
  context: DecisionContext,
  workspace: FlagWorkspace,
  cancelled: ReadonlySet<number>,
): FlagRefusal | undefined {
  const { attachmentId } = group;
  const types = context.typesFor(attachmentId);
  const applying = new Set(types.map((type) => type.id));
  const cancelledHere = workspace.original.filter((flag) => flag.attachmentId === attachmentId && cancelled.has(flag.flagId));
  const flags = [...workspace.flagsOf(attachmentId), ...cancelledHere].filter((flag) => applying.has(flag.typeId));
  const resolved = resolveInputs(group.flags, flags, types);
  if (isDomainError(resolved)) return new FlagRefusal(resolved, 'extract', index);
  const allowed = checkOwnFlagsOnly(group, resolved, workspace, context.command.caller.id);
  if (isDomainError(allowed)) return new FlagRefusal(allowed, 'rights', index);
  const ordered = [...allowed.filter((input) => input.kind === 'existing'), ...allowed.filter((input) => input.kind !== 'existing')];
  for (const input of ordered) {
    const refused = applyInput(input, { context, workspace, attachmentId, cancelled });
    if (refused) return new FlagRefusal(refused, 'apply', index);
  }
  return undefined;
}
