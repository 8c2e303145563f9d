import { type Decider, type DomainEvent, isDomainError } from '@tracker/contracts';

/**
 * Decider tests read `given(events).when(command).then(events)`: the history is folded
 * with `evolve`, the command decided on the state, and the outcome compared. Refusals
 * are `thenRefuses(code, message?)`; `events()` and `refusal()` hand the outcome over for
 * assertions on parts of it, and fail the test when it is the other kind.
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
): DeciderSpec<State, Command, Event> {
  return {
    given: (...history) => {
      const state = history.reduce(decider.evolve, decider.initialState());
      return { state, when: (command) => decision(decider.decide(command, state)) };
    },
  };
}

export interface DeciderSpec<State, Command, Event> {
  given(...history: readonly Event[]): Given<State, Command, Event>;
}

export interface Given<State, Command, Event> {
  /** the state the history folds to */
  readonly state: State;
  when(command: Command): Decision<Event>;
}

export interface Decision<Event> {
  /** the command decided exactly these events (`[]`: it changes nothing) */
  then(expected: readonly Event[]): void;
  /** the command was refused with this code (and message) */
  thenRefuses(code: number, message?: string): void;
  events(): readonly Event[];
  refusal(): { readonly code: number; readonly message: string };
}

function decision<Event>(outcome: ReturnType<Decider<unknown, unknown, DomainEvent>['decide']>): Decision<Event> {
  const events = (): readonly Event[] => {
    if (isDomainError(outcome)) throw new Error(`expected events, but the command was refused: ${outcome.code} ${outcome.message}`);
    return outcome as readonly Event[];
  };
  const refusal = (): { code: number; message: string } => {
    if (!isDomainError(outcome)) throw new Error(`expected a refusal, but the command decided ${JSON.stringify(outcome)}`);
    return { code: outcome.code, message: outcome.message };
  };
  return {
    then: (expected) => expect(events()).toEqual(expected),
    thenRefuses: (code, message) => {
      const { code: actualCode, message: actualMessage } = refusal();
      expect(message === undefined ? { code: actualCode } : { code: actualCode, message: actualMessage }).toEqual(
        message === undefined ? { code } : { code, message },
      );
    },
    events,
    refusal,
  };
}
