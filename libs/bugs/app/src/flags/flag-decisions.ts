import { Injectable } from '@nestjs/common';
import { type BugEvent, type FlagInput, isDomainError, type ServiceRequest } from '@tracker/contracts';
import {
  type BugCommand,
  bugDecider,
  type BugState,
  type ExistingBug,
  type FlagOutcome,
  flagDecisionRequest,
  needsFlagDecision,
  type UpdateBug,
} from '@tracker/bugs/domain';
import { CommandBuilder } from '@tracker/platform/command-handler';
import type { GlobalPosition } from '@tracker/platform/event-store';
import { FlagsClient } from '../collaborators/flags.client';

/** A bug's change without its flags, and the state it is decided on (the initial state for a new bug). */
export interface FlagCandidate<Command> {
  readonly command: Command;
  readonly state: BugState;
}

/**
 * How bugs places the flags service's decision in its own commands
 * (docs/bug-stream-writes.md §2): the bug's change is decided without flags to learn the bug
 * as it will be, then `flags.decide` is asked for every bug of the request at once (only
 * those carrying flags, or moving with flags), and each command gets its outcome. The bug
 * decider places a refusal after the bug's field checks.
 */
@Injectable()
export class FlagDecisions {
  constructor(private readonly flags: FlagsClient) {}

  async decide<Command extends BugCommand & { readonly flags?: FlagOutcome }>(
    request: ServiceRequest,
    candidates: ReadonlyArray<FlagCandidate<Command>>,
    inputs: readonly FlagInput[],
  ): Promise<Command[]> {
    const asked = candidates.map((candidate) => askFor(candidate, inputs));
    const outcomes = await this.flags.decide(
      request,
      asked.flatMap((ask) => (ask ? [ask] : [])),
    );
    return candidates.map((candidate, index) => {
      const ask = asked[index];
      const outcome = ask ? outcomes.find((result) => result.bugId === ask.bugId) : undefined;
      return outcome ? { ...candidate.command, flags: outcome } : candidate.command;
    });
  }

  /** One bug's command with its flag outcome (a bug create). */
  async decideOne<Command extends BugCommand & { readonly flags?: FlagOutcome }>(
    request: ServiceRequest,
    candidate: FlagCandidate<Command>,
    inputs: readonly FlagInput[],
  ): Promise<Command> {
    const ask = askFor(candidate, inputs);
    if (!ask) return candidate.command;
    const [outcome] = await this.flags.decide(request, [ask]);
    return outcome ? { ...candidate.command, flags: outcome } : candidate.command;
  }

  /**
   * The commands of an update, decided on the states the handler loaded (one flags.decide
   * for all bugs); each append rebuilds a bug's command only if its stream moved meanwhile.
   */
  async updateBuilders(
    request: ServiceRequest,
    bugs: ReadonlyArray<{ readonly bug: ExistingBug; readonly revision: number }>,
    commandFor: (bug: ExistingBug) => UpdateBug,
    inputs: readonly FlagInput[],
  ): Promise<Map<number, CommandBuilder<BugState, UpdateBug>>> {
    const decided = await this.decide(
      request,
      bugs.map(({ bug }) => ({ command: commandFor(bug), state: bug })),
      inputs,
    );
    return new Map(
      bugs.map(({ bug, revision }, index) => {
        const prepared = decided[index] as UpdateBug;
        const builder = new CommandBuilder<BugState, UpdateBug>(async (loaded) => {
          if (loaded.revision === revision) return prepared;
          const [fresh] = await this.decide(request, [{ command: commandFor(bug), state: loaded.state }], inputs);
          return fresh as UpdateBug;
        });
        return [bug.bugId, builder];
      }),
    );
  }
}

/** The flag question of one bug, or null when its change involves no flags (or is refused anyway). */
function askFor<Command extends BugCommand>(candidate: FlagCandidate<Command>, inputs: readonly FlagInput[]) {
  const decided = bugDecider.decide(candidate.command, candidate.state);
  if (isDomainError(decided)) return null;
  const after = decided.reduce<BugState>((state, event: BugEvent) => bugDecider.evolve(state, event), candidate.state);
  if (!after.exists) return null;
  const ask = flagDecisionRequest(candidate.state.exists ? candidate.state : null, after, inputs);
  return needsFlagDecision(ask) ? ask : null;
}

/** Read-your-writes for flags: the last position of the streams that got FlagsChanged. */
export function flagsWritten(
  written: ReadonlyArray<{ readonly stream: string; readonly position: GlobalPosition | null; readonly events: readonly BugEvent[] }>,
): { stream: string; position: GlobalPosition } | null {
  let last: { stream: string; position: GlobalPosition } | null = null;
  for (const entry of written) {
    if (entry.position === null || !entry.events.some((event) => event.type === 'FlagsChanged')) continue;
    if (last === null || entry.position > last.position) last = { stream: entry.stream, position: entry.position };
  }
  return last;
}
