import type { FlagChange, FlagsChangedData, FlagValue, UserRef } from '@tracker/contracts';
import type { DecisionContext } from './decision-context';
import { byTypeOrder } from './decision-context';
import type { FlagWorkspace, WorkingFlag } from './flag-workspace';

/**
 * The FlagsChanged of each target the decision touched, in the order touched: every flag
 * whose type, status, setter or requestee differs from where it started, ordered by type
 * sort key, type name and flag id; names and logins as they are now. Targets left as they
 * were give no event.
 */
export function flagsChangedEvents(context: DecisionContext, workspace: FlagWorkspace): FlagsChangedData[] {
  const perTarget = workspace.targets().map((attachmentId) => ({ attachmentId, changes: changesOf(attachmentId, context, workspace) }));
  const changed = perTarget.filter((target) => target.changes.length > 0);
  const { bug, bugId } = context.command;
  const newCc = requesteesToCc(
    changed.flatMap((target) => target.changes),
    bug.ccIds,
  );
  const participants = {
    assignee: bug.assigneeId,
    qaContact: bug.qaContactId,
    reporter: bug.reporterId,
    cc: [...bug.ccIds, ...newCc.map((user) => user.id)],
  };
  return changed.map(({ attachmentId, changes }) => ({
    bugId,
    attachmentId,
    attachmentIsPrivate: context.attachment(attachmentId)?.isPrivate ?? null,
    changedBy: context.callerRef,
    changes,
    participants,
  }));
}

/**
 * Requestees newly asked who are not on the bug's CC list yet, each once, in order: they
 * join it in the same change (Bugzilla's requestee_cc, on for everyone).
 */
export function requesteesToCc(changes: readonly FlagChange[], ccIds: readonly number[]): UserRef[] {
  const added: UserRef[] = [];
  for (const { before, after } of changes) {
    const requestee = after?.requestee;
    if (!requestee || requestee.id === before?.requestee?.id) continue;
    if (!ccIds.includes(requestee.id) && !added.some((user) => user.id === requestee.id)) added.push(requestee);
  }
  return added;
}

function changesOf(attachmentId: number | null, context: DecisionContext, workspace: FlagWorkspace): FlagChange[] {
  const before = workspace.original.filter((flag) => flag.attachmentId === attachmentId);
  const after = workspace.flagsOf(attachmentId);
  const ids = [...new Set([...before, ...after].map((flag) => flag.flagId))];
  const changes = ids.flatMap((flagId): FlagChange[] => {
    const was = before.find((flag) => flag.flagId === flagId);
    const is = after.find((flag) => flag.flagId === flagId);
    if (was && is && same(was, is)) return [];
    return [
      {
        flagId,
        reason: workspace.reasonOf(flagId),
        before: was ? valueOf(was, context, workspace) : null,
        after: is ? valueOf(is, context, workspace) : null,
      },
    ];
  });
  return changes.sort((a, b) => {
    const [typeA, typeB] = [(a.after ?? a.before)?.type, (b.after ?? b.before)?.type];
    const order = byTypeOrder(orderKey(typeA, context), orderKey(typeB, context));
    return order || a.flagId - b.flagId;
  });
}

function same(a: WorkingFlag, b: WorkingFlag): boolean {
  return (
    a.typeId === b.typeId && a.status === b.status && a.setter.id === b.setter.id && (a.requestee?.id ?? null) === (b.requestee?.id ?? null)
  );
}

function valueOf(flag: WorkingFlag, context: DecisionContext, workspace: FlagWorkspace): FlagValue {
  const type = context.type(flag.typeId);
  return {
    type: { id: flag.typeId, name: type?.name ?? workspace.recordedTypeName(flag.typeId), ccList: type?.ccList ?? [] },
    status: flag.status,
    setter: context.fresh(flag.setter),
    requestee: flag.requestee && context.fresh(flag.requestee),
  };
}

function orderKey(type: FlagValue['type'] | undefined, context: DecisionContext): { sortKey: number; name: string; id: number } {
  const facts = type && context.type(type.id);
  return { sortKey: facts?.sortKey ?? 0, name: type?.name ?? '', id: type?.id ?? 0 };
}
