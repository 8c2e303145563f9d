import type { DomainError } from '../errors/domain-error';
import type { DomainEvent } from '../events/event-envelope';

/**
 * The shape of every stream type's pure domain logic: `decide` turns a command and the
 * current state into new events (or a refusal); `evolve` folds one event into the state.
 * No I/O, no clock, no random ids: whatever varies comes in the command. The platform's
 * CommandHandler runs any decider; it is declared here so that every domain library
 * (which may import contracts only) writes its deciders against the one type.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  readonly initialState: () => State;
  readonly decide: (command: Command, state: State) => readonly Event[] | DomainError;
  readonly evolve: (state: State, event: Event) => State;
}
