import { Injectable } from '@nestjs/common';
import { type BugEvent, type FlagInput, type FlagInputGroup, isDomainError, type ServiceRequest } from '@tracker/contracts';
import {
  type BugCommand,
  bugDecider,
  bugFlagGroups,
  type BugState,
  type ExistingBug,
  type FlagOutcome,
  flagDecisionRequest,
  needsFlagDecision,
} from '@tracker/bugs/domain';
import { CommandBuilder } from '@tracker/platform/command-handler';
import type { GlobalPosition } from '@tracker/platform/event-store';
import { FlagsClient } from '../collaborators/flags.client';

/** A bug's change without its flags, and the state it is decided on (the initial state for a new bug). */
export interface FlagCandidate<Command> {
  readonly command: Command;
  readonly state: BugState;
}

/** The caller's flag input groups of one bug's change, given its command and the bug before it (null: a new bug). */
export type FlagGroupsOf<Command> = (command: Command, before: ExistingBug | null) => readonly FlagInputGroup[];

/** A bug's own `flags` (create, update), or the groups a command names (attachment carriers). */
export type FlagInputsOf<Command> = readonly FlagInput[] | FlagGroupsOf<Command>;

type Flagged = BugCommand & { readonly flags?: FlagOutcome };

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

  async decide<Command extends Flagged>(
    request: ServiceRequest,
    candidates: ReadonlyArray<FlagCandidate<Command>>,
    inputs: FlagInputsOf<Command>,
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
  async decideOne<Command extends Flagged>(
    request: ServiceRequest,
    candidate: FlagCandidate<Command>,
    inputs: FlagInputsOf<Command>,
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
  async updateBuilders<Command extends Flagged>(
    request: ServiceRequest,
    bugs: ReadonlyArray<{ readonly bug: ExistingBug; readonly revision: number }>,
    commandFor: (bug: ExistingBug) => Command,
    inputs: FlagInputsOf<Command>,
  ): Promise<Map<number, CommandBuilder<BugState, Command>>> {
    const decided = await this.decide(
      request,
      bugs.map(({ bug }) => ({ command: commandFor(bug), state: bug })),
      inputs,
    );
    return new Map(
      bugs.map(({ bug, revision }, index) => {
        const prepared = decided[index] as Command;
        const builder = new CommandBuilder<BugState, Command>(async (loaded) => {
          if (loaded.revision === revision) return prepared;
          const [fresh] = await this.decide(request, [{ command: commandFor(bug), state: loaded.state }], inputs);
          return fresh as Command;
        });
        return [bug.bugId, builder];
      }),
    );
  }
}

/**
 * The flag question of one bug, or null when its change involves no flags. A change refused
 * without its flags is still asked about on the bug as it is: a flag extraction error may
 * precede the refusal in the carrier's order (an attachment update's flags come before its fields).
 */
function askFor<Command extends BugCommand>(candidate: FlagCandidate<Command>, inputs: FlagInputsOf<Command>) {
  const before = candidate.state.exists ? candidate.state : null;
  const groups = typeof inputs === 'function' ? inputs(candidate.command, before) : bugFlagGroups(inputs);
  // a new bug has no flags but those it is given: without any, there is nothing to ask, nor the bug to work out
  if (before === null && groups.length === 0) return null;
  const decided = bugDecider.decide(candidate.command, candidate.state);
  const after = isDomainError(decided)
    ? candidate.state
    : decided.reduce<BugState>((state, event: BugEvent) => bugDecider.evolve(state, event), candidate.state);
  if (!after.exists) return null;
  const ask = flagDecisionRequest(before, after, groups);
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
