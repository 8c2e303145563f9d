/** A stream as the command handler loaded it: the folded state and the revision it was read at. */
export interface LoadedStream<State> {
  readonly state: State;
  /** -1 for a stream that does not exist yet */
  readonly revision: number;
}

/**
 * A command that can only be made once its stream is loaded, because part of it is decided
 * elsewhere on that very state (the flags service decides the flag changes of a bug update
 * on the bug as it is). The command handler builds it after every load, inside the
 * stream's queue, so the command always matches the state it is appended on and a lost
 * race builds it again on fresh state. It remembers the command built for the last
 * revision: a request that checks a stream first and appends it later builds it once
 * when nothing changed in between. A failed build is forgotten, so a retry builds anew.
 */
export class CommandBuilder<State, Command> {
  private last: { readonly revision: number; readonly command: Promise<Command> } | undefined;

  constructor(private readonly build: (loaded: LoadedStream<State>) => Promise<Command>) {}

  commandFor(loaded: LoadedStream<State>): Promise<Command> {
    if (this.last?.revision === loaded.revision) return this.last.command;
    const command = this.build(loaded);
    const entry = { revision: loaded.revision, command };
    this.last = entry;
    command.catch(() => {
      if (this.last === entry) this.last = undefined;
    });
    return command;
  }
}

/** What the command handler accepts: a command, or a builder of one. */
export type CommandInput<State, Command> = Command | CommandBuilder<State, Command>;

export function commandFor<State, Command>(input: CommandInput<State, Command>, loaded: LoadedStream<State>): Promise<Command> {
  return input instanceof CommandBuilder ? input.commandFor(loaded) : Promise.resolve(input);
}
