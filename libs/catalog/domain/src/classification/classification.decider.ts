import { assertNever, type ClassificationEvent, type Decider, type DomainError } from '@tracker/contracts';
import { descriptionTooLong } from '../catalog-limits';
import { CatalogErrors, SMALLINT } from '../catalog.errors';
import { changed, definedOnly, hasAny } from '../shared/changes';
import { MAX_NAME_LENGTH, trimmed } from '../shared/names';

/** A classification (a group of products): unique name, description, sort key. */
export type ClassificationState = { readonly kind: 'absent' } | PresentClassification;
interface PresentClassification {
  readonly kind: 'present';
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly sortKey: number;
}

export type ClassificationCommand = CreateClassification | UpdateClassification;

export interface CreateClassification {
  readonly kind: 'CreateClassification';
  readonly classificationId: number;
  readonly name: string | undefined;
  readonly description: string | undefined;
  readonly sortKey: number | undefined;
  /** another classification whose name equals `name` regardless of case */
  readonly nameInUse: string | null;
}

export interface UpdateClassification {
  readonly kind: 'UpdateClassification';
  readonly name?: string;
  readonly description?: string;
  readonly sortKey?: number;
  readonly nameInUse: string | null;
}

export const classificationDecider: Decider<ClassificationState, ClassificationCommand, ClassificationEvent> = {
  initialState: () => ({ kind: 'absent' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ClassificationCreated':
        return { kind: 'present', id: event.data.classificationId, ...pick(event.data) };
      case 'ClassificationUpdated': {
        if (state.kind === 'absent') return state;
        const c = event.data.changes;
        return {
          ...state,
          name: c.name?.to ?? state.name,
          description: c.description?.to ?? state.description,
          sortKey: c.sortKey?.to ?? state.sortKey,
        };
      }
    }
  },
  decide: (command, state): readonly ClassificationEvent[] | DomainError => {
    switch (command.kind) {
      case 'CreateClassification':
        return createClassification(command, state);
      case 'UpdateClassification':
        return state.kind === 'absent' ? CatalogErrors.classificationNotSpecified() : updateClassification(command, state);
      default:
        return assertNever(command);
    }
  },
};

function createClassification(command: CreateClassification, state: ClassificationState): readonly ClassificationEvent[] | DomainError {
  if (state.kind === 'present') return CatalogErrors.classificationAlreadyExists(state.name);
  const name = checkName(command.name, command.nameInUse);
  if (typeof name !== 'string') return name;
  const sortKey = checkSortKey(command.sortKey ?? 0);
  if (typeof sortKey !== 'number') return sortKey;
  const description = trimmed(command.description);
  const longDescription = descriptionTooLong('classification', description);
  if (longDescription) return longDescription;
  return [{ type: 'ClassificationCreated', data: { classificationId: command.classificationId, name, description, sortKey } }];
}

function updateClassification(command: UpdateClassification, state: PresentClassification): readonly ClassificationEvent[] | DomainError {
  const name = command.name === undefined ? undefined : checkName(command.name, command.nameInUse);
  if (name !== undefined && typeof name !== 'string') return name;
  const sortKey = command.sortKey === undefined ? undefined : checkSortKey(command.sortKey);
  if (sortKey !== undefined && typeof sortKey !== 'number') return sortKey;
  const description = command.description === undefined ? undefined : trimmed(command.description);
  const longDescription = descriptionTooLong('classification', description);
  if (longDescription) return longDescription;
  const changes = definedOnly({
    name: changed(state.name, name),
    description: changed(state.description, description),
    sortKey: changed(state.sortKey, sortKey),
  });
  if (!hasAny(changes)) return [];
  return [{ type: 'ClassificationUpdated', data: { classificationId: state.id, name: name ?? state.name, changes } }];
}

function pick(data: { name: string; description: string; sortKey: number }): { name: string; description: string; sortKey: number } {
  return { name: data.name, description: data.description, sortKey: data.sortKey };
}

function checkName(raw: string | undefined, nameInUse: string | null): string | DomainError {
  const name = trimmed(raw);
  if (!name) return CatalogErrors.classificationNotSpecified();
  if (name.length > MAX_NAME_LENGTH) return CatalogErrors.classificationNameTooLong(name);
  if (nameInUse !== null) return CatalogErrors.classificationAlreadyExists(nameInUse);
  return name;
}

function checkSortKey(sortKey: number): number | DomainError {
  return Number.isInteger(sortKey) && sortKey >= 0 && sortKey <= SMALLINT.max
    ? sortKey
    : CatalogErrors.classificationInvalidSortkey(sortKey);
}
