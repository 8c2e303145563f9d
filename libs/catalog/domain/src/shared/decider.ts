import type { DomainError, DomainEvent } from '@tracker/contracts';

/**
 * The shape of a stream's pure logic, as the platform's CommandHandler runs it. Declared
 * here because the domain may depend on contracts only; the platform's `Decider` is the
 * same shape, so these deciders are passed to it as they are.
 */
export interface CatalogDecider<State, Command, Event extends DomainEvent> {
  readonly initialState: () => State;
  readonly decide: (command: Command, state: State) => readonly Event[] | DomainError;
  readonly evolve: (state: State, event: Event) => State;
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled command ${JSON.stringify(value)}`);
}
