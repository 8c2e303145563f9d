import { assertNever, type Decider, type DomainError, type KeywordEvent } from '@tracker/contracts';
import { descriptionTooLong } from '../catalog-limits';
import { CatalogErrors } from '../catalog.errors';
import { changed, definedOnly, hasAny } from '../shared/changes';
import { MAX_NAME_LENGTH, trimmed } from '../shared/names';

/** A keyword: a unique name without commas or whitespace, and a description. */
export type KeywordState =
  { readonly kind: 'absent' } | { readonly kind: 'present'; readonly id: number; readonly name: string; readonly description: string };

export type KeywordCommand =
  | {
      readonly kind: 'CreateKeyword';
      readonly keywordId: number;
      readonly name: string | undefined;
      readonly description: string | undefined;
      /** another keyword whose name equals `name` regardless of case */
      readonly nameInUse: string | null;
    }
  | { readonly kind: 'UpdateKeyword'; readonly name?: string; readonly description?: string; readonly nameInUse: string | null };

export const keywordDecider: Decider<KeywordState, KeywordCommand, KeywordEvent> = {
  initialState: () => ({ kind: 'absent' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'KeywordCreated':
        return { kind: 'present', id: event.data.keywordId, name: event.data.name, description: event.data.description };
      case 'KeywordUpdated':
        if (state.kind === 'absent') return state;
        return {
          ...state,
          name: event.data.changes.name?.to ?? state.name,
          description: event.data.changes.description?.to ?? state.description,
        };
    }
  },
  decide: (command, state): readonly KeywordEvent[] | DomainError => {
    switch (command.kind) {
      case 'CreateKeyword': {
        if (state.kind === 'present') return CatalogErrors.keywordAlreadyExists(state.name);
        const name = checkName(command.name, command.nameInUse);
        if (typeof name !== 'string') return name;
        const description = trimmed(command.description);
        if (!description) return CatalogErrors.keywordBlankDescription();
        const longDescription = descriptionTooLong('keyword', description);
        if (longDescription) return longDescription;
        return [{ type: 'KeywordCreated', data: { keywordId: command.keywordId, name, description } }];
      }
      case 'UpdateKeyword': {
        if (state.kind === 'absent') return CatalogErrors.keywordBlankName();
        const name = command.name === undefined ? undefined : checkName(command.name, command.nameInUse);
        if (name !== undefined && typeof name !== 'string') return name;
        const description = command.description === undefined ? undefined : trimmed(command.description);
        if (description === '') return CatalogErrors.keywordBlankDescription();
        const longDescription = descriptionTooLong('keyword', description);
        if (longDescription) return longDescription;
        const changes = definedOnly({ name: changed(state.name, name), description: changed(state.description, description) });
        if (!hasAny(changes)) return [];
        return [{ type: 'KeywordUpdated', data: { keywordId: state.id, name: name ?? state.name, changes } }];
      }
      default:
        return assertNever(command);
    }
  },
};

function checkName(raw: string | undefined, nameInUse: string | null): string | DomainError {
  const name = trimmed(raw);
  if (!name) return CatalogErrors.keywordBlankName();
  if (/[\s,]/.test(name)) return CatalogErrors.keywordInvalidName();
  if (name.length > MAX_NAME_LENGTH) return CatalogErrors.fieldValueNameTooLong(name);
  if (nameInUse !== null) return CatalogErrors.keywordAlreadyExists(name);
  return name;
}
