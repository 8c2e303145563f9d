import type { DomainError, ProductEvent } from '@tracker/contracts';
import { CatalogErrors, SMALLINT } from '../catalog.errors';
import { changed, definedOnly, hasAny } from '../shared/changes';
import { MAX_NAME_LENGTH, findByName, isSmallInt, trimmed } from '../shared/names';
import type { CreateMilestone, UpdateMilestone } from './product.commands';
import type { ExistingProduct } from './product.state';

/** Bugzilla's Milestone: a name unique in its product, a sort key that fits a SMALLINT. */
export function decideCreateMilestone(command: CreateMilestone, state: ExistingProduct): readonly ProductEvent[] | DomainError {
  const name = checkName(command.name, state, command.milestoneId);
  if (typeof name !== 'string') return name;
  if (!isSmallInt(command.sortKey, SMALLINT.min, SMALLINT.max)) return CatalogErrors.milestoneSortkeyInvalid(command.sortKey);
  return [
    {
      type: 'MilestoneCreated',
      data: {
        productId: state.id,
        productName: state.name,
        milestoneId: command.milestoneId,
        name,
        sortKey: command.sortKey,
        isActive: command.isActive,
      },
    },
  ];
}

/** Renaming the default milestone renames the product's default with it (evolve does it). */
export function decideUpdateMilestone(command: UpdateMilestone, state: ExistingProduct): readonly ProductEvent[] | DomainError {
  const milestone = state.milestones.find((m) => m.id === command.milestoneId);
  if (!milestone) return CatalogErrors.objectIdDoesNotExist('milestone', command.milestoneId);
  let name: string | undefined;
  if (command.name !== undefined) {
    const checked = checkName(command.name, state, milestone.id);
    if (typeof checked !== 'string') return checked;
    name = checked;
  }
  if (command.sortKey !== undefined && !isSmallInt(command.sortKey, SMALLINT.min, SMALLINT.max)) {
    return CatalogErrors.milestoneSortkeyInvalid(command.sortKey);
  }
  const changes = definedOnly({
    name: changed(milestone.name, name),
    sortKey: changed(milestone.sortKey, command.sortKey),
    isActive: changed(milestone.isActive, command.isActive),
  });
  if (!hasAny(changes)) return [];
  return [
    {
      type: 'MilestoneUpdated',
      data: { productId: state.id, productName: state.name, milestoneId: milestone.id, name: name ?? milestone.name, changes },
    },
  ];
}

function checkName(raw: string | undefined, state: ExistingProduct, milestoneId: number): string | DomainError {
  const name = trimmed(raw);
  if (!name) return CatalogErrors.milestoneBlankName();
  if (name.length > MAX_NAME_LENGTH) return CatalogErrors.milestoneNameTooLong(name);
  const existing = findByName(state.milestones, name);
  if (existing && existing.id !== milestoneId) return CatalogErrors.milestoneAlreadyExists(existing.name, state.name);
  return name;
}
