import { DomainError, type DomainEvent } from '@tracker/contracts';
import type { CatalogDecider } from '../shared/decider';

/**
 * Decider tests read as `given(events).when(command).then(events)` (or `.thenFails(code)`):
 * the history is folded with `evolve`, the command decided, the outcome compared.
 */
export function scenario<S, C, E extends DomainEvent>(decider: CatalogDecider<S, C, E>) {
  return {
    given: (...history: E[]) => ({
      when: (command: C) => {
        const outcome = decider.decide(command, history.reduce(decider.evolve, decider.initialState()));
        return {
          then: (expected: readonly E[]): void => {
            if (outcome instanceof DomainError) throw new Error(`expected events, got error ${outcome.code}: ${outcome.message}`);
            expect(outcome).toEqual(expected);
          },
          thenFails: (code: number, message?: string): void => {
            if (!(outcome instanceof DomainError)) throw new Error(`expected error ${code}, got ${JSON.stringify(outcome)}`);
            expect({ code: outcome.code, ...(message === undefined ? {} : { message: outcome.message }) }).toEqual({
              code,
              ...(message === undefined ? {} : { message }),
            });
          },
          outcome,
        };
      },
    }),
  };
}
