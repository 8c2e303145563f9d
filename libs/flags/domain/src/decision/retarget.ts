import type { FlagChangeReason } from '@tracker/contracts';
import type { DecisionContext } from './decision-context';
import { canRequestFlag, canSetFlag } from './flag-permissions';
import type { FlagWorkspace, WorkingFlag } from './flag-workspace';

/**
 * After a move of the bug, or when a flag type narrowed (reconcile mode): each flag whose
 * type no longer applies to its target is retargeted to the first type of the same name
 * that applies, is active, takes it (multiplicable, or not on the target yet) and whose
 * rules the flag's setter meets (may request a `?`, or may set the type); else cleared
 * (Bugzilla's force_cleanup and retarget, docs/flags.md §2.5). Flags are taken in id order,
 * those of the bug, then of each attachment.
 */
export function retargetOrClear(context: DecisionContext, workspace: FlagWorkspace, reason: FlagChangeReason): void {
  for (const attachmentId of [null, ...context.command.attachments.map((attachment) => attachment.id)]) {
    const types = context.typesFor(attachmentId);
    for (const flag of workspace.flagsOf(attachmentId)) {
      if (types.some((type) => type.id === flag.typeId)) continue;
      const name = context.type(flag.typeId)?.name;
      const setterGroups = context.userById(flag.setter.id)?.groupIds ?? [];
      const target = types.find(
        (type) =>
          type.name === name &&
          type.isActive &&
          (type.isMultiplicable || !workspace.flagsOf(attachmentId).some((other) => other.typeId === type.id)) &&
          ((flag.status === '?' && canRequestFlag(type, setterGroups)) || canSetFlag(type, setterGroups)),
      );
      if (target) workspace.put({ ...flag, typeId: target.id }, reason);
      else workspace.remove(flag, reason);
    }
  }
}

/** A type that stopped being specifically requestable keeps its flags without requestees (reconcile mode). */
export function dropUnaskableRequestees(context: DecisionContext, workspace: FlagWorkspace): void {
  const all: Array<number | null> = [null, ...context.command.attachments.map((attachment) => attachment.id)];
  for (const flag of all.flatMap((attachmentId): WorkingFlag[] => workspace.flagsOf(attachmentId))) {
    if (flag.requestee !== null && context.type(flag.typeId)?.isRequesteeble === false)
      workspace.put({ ...flag, requestee: null }, 'flag-type-changed');
  }
}
