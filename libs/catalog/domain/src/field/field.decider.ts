import { assertNever, type Decider, type DomainError, type FieldEvent } from '@tracker/contracts';
import { CatalogErrors } from '../catalog.errors';
import { decideCreateCustomField, decideInstallField, decideUpdateCustomField } from './decide-field';
import { decideAddFieldValue, decideUpdateFieldValue } from './decide-field-value';
import type { FieldCommand } from './field.commands';
import { type FieldState, evolveField, initialFieldState } from './field.state';

/** One bug field definition (`field-<id>`) with the legal values it keeps. */
export const fieldDecider: Decider<FieldState, FieldCommand, FieldEvent> = {
  initialState: initialFieldState,
  evolve: evolveField,
  decide: (command, state): readonly FieldEvent[] | DomainError => {
    if (command.kind === 'InstallField') return state.kind === 'present' ? [] : decideInstallField(command);
    if (command.kind === 'CreateCustomField') {
      return state.kind === 'present' ? CatalogErrors.fieldAlreadyExists(state.name, state.displayName) : decideCreateCustomField(command);
    }
    if (state.kind === 'absent') return CatalogErrors.fieldMissingName();
    switch (command.kind) {
      case 'UpdateCustomField':
        return decideUpdateCustomField(command, state);
      case 'AddFieldValue':
        return decideAddFieldValue(command, state);
      case 'UpdateFieldValue':
        return decideUpdateFieldValue(command, state);
      default:
        return assertNever(command);
    }
  },
};
