import { type FlagDecisionResult, type FlagsChanged, flagChangeSummaries } from '@tracker/contracts';
import type { DecideFlags } from './decide-flags.command';
import { type FlagRefusal, isFlagRefusal } from './flag-refusal';
import { requesteesToCc } from './flags-changed';

/**
 * The answer of `flags.decide` for one bug: the refusal with its stage and input group, or
 * the events with the requestees who join the CC list and each target's `flagtypes.name`
 * change for the reply.
 */
export function flagDecisionResult(command: DecideFlags, outcome: readonly FlagsChanged[] | FlagRefusal): FlagDecisionResult {
  const { bugId } = command;
  if (isFlagRefusal(outcome)) return { bugId, ok: false, stage: outcome.stage, inputIndex: outcome.inputIndex, error: outcome.toData() };
  const events = outcome.map((event) => event.data);
  return {
    bugId,
    ok: true,
    events,
    ccToAdd: requesteesToCc(
      events.flatMap((event) => event.changes),
      command.bug.ccIds,
    ),
    changes: events.map((event) => ({ attachmentId: event.attachmentId, ...flagChangeSummaries(event.changes) })),
  };
}
