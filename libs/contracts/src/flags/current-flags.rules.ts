import type { FlagsChangedData } from '../bugs/bug-flag.events';
import type { CurrentFlag } from './decide-flags.message';

/**
 * The flags of a bug and of its attachments, folded from the FlagsChanged events of the
 * bug's stream: what the bugs service asks `flags.decide` to decide on, what the flag decider
 * folds in its specs, what an `as_of` read of the bug shows. A created flag is added, a
 * changed one replaced in place (a retarget changes its type), a cleared one removed; flags
 * keep the order they were created in.
 */
export function evolveCurrentFlags(flags: readonly CurrentFlag[], event: FlagsChangedData): CurrentFlag[] {
  let next = [...flags];
  for (const change of event.changes) {
    if (change.after === null) {
      next = next.filter((flag) => flag.flagId !== change.flagId);
      continue;
    }
    const { type, status, setter, requestee } = change.after;
    const flag: CurrentFlag = {
      flagId: change.flagId,
      attachmentId: event.attachmentId,
      type: { id: type.id, name: type.name },
      status,
      setter,
      requestee,
    };
    const at = next.findIndex((existing) => existing.flagId === change.flagId);
    if (at === -1) next.push(flag);
    else next[at] = flag;
  }
  return next;
}
