import { DomainError, type FlagDecisionStage } from '@tracker/contracts';

/**
 * A refusal of the flag decision, with where it belongs in the carrier's validation order:
 * the stage (`extract`, `rights`, `apply`) and the input group it came from. It is the
 * DomainError the caller sees, so the decider's `events | DomainError` contract holds.
 */
export class FlagRefusal extends DomainError {
  constructor(
    error: DomainError,
    readonly stage: FlagDecisionStage,
    readonly inputIndex: number,
  ) {
    super(error.toData());
  }
}

export function isFlagRefusal(value: unknown): value is FlagRefusal {
  return value instanceof FlagRefusal;
}
