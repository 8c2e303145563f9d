import type { ComponentChanges, DomainError, ProductEvent } from '@tracker/contracts';
import { descriptionTooLong } from '../catalog-limits';
import { CatalogErrors } from '../catalog.errors';
import { changed, definedOnly, hasAny, sameIds } from '../shared/changes';
import { MAX_NAME_LENGTH, findByName, trimmed } from '../shared/names';
import type { CreateComponent, UpdateComponent } from './product.commands';
import type { ExistingProduct } from './product.state';

/** Bugzilla's Component->create: a unique name in the product, a description, a default assignee. */
export function decideCreateComponent(command: CreateComponent, state: ExistingProduct): readonly ProductEvent[] | DomainError {
  const name = checkName(command.name, state, command.componentId);
  if (typeof name !== 'string') return name;
  const description = trimmed(command.description);
  if (!description) return CatalogErrors.componentBlankDescription();
  const longDescription = descriptionTooLong('component', description);
  if (longDescription) return longDescription;
  if (command.defaultAssigneeId === null) return CatalogErrors.componentNeedInitialOwner();
  return [
    {
      type: 'ComponentCreated',
      data: {
        productId: state.id,
        productName: state.name,
        componentId: command.componentId,
        name,
        description,
        defaultAssigneeId: command.defaultAssigneeId,
        defaultQaContactId: command.defaultQaContactId,
        defaultCcIds: [...new Set(command.defaultCcIds)],
        isActive: command.isActive,
      },
    },
  ];
}

export function decideUpdateComponent(command: UpdateComponent, state: ExistingProduct): readonly ProductEvent[] | DomainError {
  const component = state.components.find((c) => c.id === command.componentId);
  if (!component) return CatalogErrors.objectIdDoesNotExist('component', command.componentId);
  let name: string | undefined;
  if (command.name !== undefined) {
    const checked = checkName(command.name, state, component.id);
    if (typeof checked !== 'string') return checked;
    name = checked;
  }
  let description: string | undefined;
  if (command.description !== undefined) {
    description = trimmed(command.description);
    if (!description) return CatalogErrors.componentBlankDescription();
    const longDescription = descriptionTooLong('component', description);
    if (longDescription) return longDescription;
  }
  if (command.defaultAssigneeId === null) return CatalogErrors.componentNeedInitialOwner();
  const ccIds = command.defaultCcIds && [...new Set(command.defaultCcIds)];
  const changes: ComponentChanges = definedOnly({
    name: changed(component.name, name),
    description: changed(component.description, description),
    defaultAssigneeId: changed(component.defaultAssigneeId, command.defaultAssigneeId),
    defaultQaContactId: changed(component.defaultQaContactId, command.defaultQaContactId),
    defaultCcIds: changed(component.defaultCcIds, ccIds, sameIds),
    isActive: changed(component.isActive, command.isActive),
  });
  if (!hasAny(changes)) return [];
  return [
    {
      type: 'ComponentUpdated',
      data: { productId: state.id, productName: state.name, componentId: component.id, name: name ?? component.name, changes },
    },
  ];
}

function checkName(raw: string | undefined, state: ExistingProduct, componentId: number): string | DomainError {
  const name = trimmed(raw);
  if (!name) return CatalogErrors.componentBlankName();
  if (name.length > MAX_NAME_LENGTH) return CatalogErrors.componentNameTooLong(name);
  const existing = findByName(state.components, name);
  if (existing && existing.id !== componentId) return CatalogErrors.componentAlreadyExists(state.name, existing.name);
  return name;
}
