import { type BugEvent, bugStream, type WrittenPosition } from '@tracker/contracts';
import { bugDecider, type BugState, type ExistingBug } from '@tracker/bugs/domain';
import type { CommandBuilder, CommandRunner } from '@tracker/platform/command-handler';
import type { GlobalPosition } from '@tracker/platform/event-store';

/** One bug stream's append of a request: where it went and what it wrote (for the syncs that follow). */
export interface WrittenBug {
  readonly stream: string;
  readonly position: GlobalPosition | null;
  readonly events: readonly BugEvent[];
}

/** The bugs' states and revisions, in order, for one flags.decide on all of them (a bug whose stream is empty is left out). */
export async function loadExisting(
  commands: CommandRunner,
  bugIds: readonly number[],
): Promise<Array<{ readonly bug: ExistingBug; readonly revision: number }>> {
  const loaded = await Promise.all(bugIds.map((id) => commands.load(bugDecider, bugStream(id))));
  return loaded.flatMap(({ state, revision }) => (state.exists ? [{ bug: state, revision }] : []));
}

export function builderOf<Command>(
  builders: ReadonlyMap<number, CommandBuilder<BugState, Command>>,
  bugId: number,
): CommandBuilder<BugState, Command> {
  const builder = builders.get(bugId);
  if (!builder) throw new Error(`no command for bug ${bugId}`);
  return builder;
}

/** The positions the caller waits for in its own read model (decimal strings: JSON has no bigint). */
export function positionsOf(written: ReadonlyArray<Pick<WrittenBug, 'stream' | 'position'>>): WrittenPosition[] {
  return written.flatMap(({ stream, position }) => (position === null ? [] : [{ stream, position: position.toString() }]));
}
