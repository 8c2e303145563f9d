import { assertNever, type Decider, type DomainError, type FlagTypeEvent } from '@tracker/contracts';
import { FlagsErrors } from '../flags.errors';
import { decideCreateFlagType } from './create-flag-type';
import type { FlagTypeCommand } from './flag-type.commands';
import { evolveFlagType, type ExistingFlagType, type FlagTypeState, initialFlagTypeState, needsReconcile } from './flag-type.state';
import { decideUpdateFlagType } from './update-flag-type';

/** A flag type's stream (`flagtype-<id>`): created, updated, its effects on flags reconciled. */
export const flagTypeDecider: Decider<FlagTypeState, FlagTypeCommand, FlagTypeEvent> = {
  initialState: initialFlagTypeState,
  evolve: evolveFlagType,
  decide: (command, state): readonly FlagTypeEvent[] | DomainError => {
    switch (command.kind) {
      case 'CreateFlagType':
        return decideCreateFlagType(command, state);
      case 'UpdateFlagType':
        return state.kind === 'absent' ? FlagsErrors.flagTypeIdNotFound(command.typeId) : decideUpdateFlagType(command, state);
      case 'MarkFlagTypeReconciled':
        return state.kind === 'present' && settles(state, command.upToRevision)
          ? [{ type: 'FlagTypeReconciled', data: { typeId: state.typeId, upToRevision: command.upToRevision } }]
          : [];
      default:
        return assertNever(command, 'flag type command');
    }
  },
};

/**
 * A reconciliation settles the type when something is pending and it covered the last update
 * that needed it (a later one makes it run again); a revision the stream has not reached is
 * no reconciliation of it.
 */
function settles(state: ExistingFlagType, upToRevision: number): boolean {
  return needsReconcile(state) && upToRevision >= (state.lastReconcileNeededAt ?? 0) && upToRevision <= state.revision;
}
