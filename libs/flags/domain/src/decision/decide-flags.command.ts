import type { FlagDecisionRequest, FlagInputGroup, FlagTypeSettings } from '@tracker/contracts';

/** A flag type as the decision needs it: everything it is, with its id. */
export interface FlagTypeFacts extends FlagTypeSettings {
  readonly id: number;
}

/** A user the decision judges: the caller, a requestee, the setter of a flag being retargeted. */
export interface FlagUser {
  readonly id: number;
  readonly login: string;
  readonly realName: string;
  /** the account may log in */
  readonly enabled: boolean;
  readonly groupIds: readonly number[];
  /** member of the insider group: may see private attachments */
  readonly insider: boolean;
}

/**
 * One bug's flag decision (`flags.decide`, docs/flags.md §3): the bug's request as bugs sent
 * it (the bug and its attachments as they will be after the change, the inputs per target,
 * the mode) and what the flags service adds: every flag type, the users the inputs name and
 * the setters of the bug's flags (identity), the caller, and fresh flag ids (one per input is
 * always enough; unused ones are gaps). The bug's current flags are the decider's state.
 */
export interface DecideFlags extends Omit<FlagDecisionRequest, 'currentFlags'> {
  readonly kind: 'DecideFlags';
  readonly caller: FlagUser;
  readonly types: readonly FlagTypeFacts[];
  readonly users: readonly FlagUser[];
  readonly flagIds: readonly number[];
  /** the insider group's name, for the requestee refusal on private attachments */
  readonly insiderGroup: string;
}

/** How many fresh flag ids a decision may use: one per input. */
export function flagIdsNeeded(inputs: readonly FlagInputGroup[]): number {
  return inputs.reduce((count, group) => count + group.flags.length, 0);
}
