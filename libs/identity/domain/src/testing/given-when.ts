import type { DomainError } from '@tracker/contracts';

/** The pure part of a decider, as the specs drive it. */
export interface PureDecider<State, Command, Event> {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
  readonly decide: (command: Command, state: State) => readonly Event[] | DomainError;
}

/** given(past events).when(command) -> the new events or the refusal, for `expect(...)`. */
export function given<State, Command, Event>(
  decider: PureDecider<State, Command, Event>,
  history: readonly Event[],
): { when: (command: Command) => readonly Event[] | DomainError } {
  const state = history.reduce(decider.evolve, decider.initialState());
  return { when: (command) => decider.decide(command, state) };
}
