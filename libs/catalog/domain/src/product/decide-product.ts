import { type DomainError, isDomainError, type ProductChanges, type ProductEvent } from '@tracker/contracts';
import { descriptionTooLong } from '../catalog-limits';
import { CatalogErrors } from '../catalog.errors';
import { changed, definedOnly, hasAny } from '../shared/changes';
import { MAX_NAME_LENGTH, findByName, trimmed } from '../shared/names';
import { decideGroupControls } from './decide-group-controls';
import type { CreateProduct, UpdateProduct } from './product.commands';
import type { ExistingProduct, ProductState } from './product.state';

const NO_MILESTONE = '---';

/** Bugzilla's Product->create: name, description, first version and default milestone. */
export function decideCreateProduct(command: CreateProduct, state: ProductState): readonly ProductEvent[] | DomainError {
  if (state.kind === 'present') return CatalogErrors.productNameInUse(state.name);
  const name = checkName(command.name, command.nameInUse);
  if (typeof name !== 'string') return name;
  const description = trimmed(command.description);
  if (!description) return CatalogErrors.productMustHaveDescription();
  const longDescription = descriptionTooLong('product', description);
  if (longDescription) return longDescription;
  const version = trimmed(command.version);
  if (!version) return CatalogErrors.productMustHaveVersion();
  if (version.length > MAX_NAME_LENGTH) return CatalogErrors.versionNameTooLong(version);
  // Without target milestones every product's default milestone is `---`.
  const defaultMilestone = (command.useTargetMilestone && trimmed(command.defaultMilestone)) || NO_MILESTONE;
  if (defaultMilestone.length > MAX_NAME_LENGTH) return CatalogErrors.milestoneNameTooLong(defaultMilestone);
  const inProduct = { productId: command.productId, productName: name };
  return [
    {
      type: 'ProductCreated',
      data: {
        productId: command.productId,
        name,
        description,
        classification: command.classification,
        isActive: command.isActive,
        allowsUnconfirmed: command.allowsUnconfirmed,
        defaultMilestone,
      },
    },
    { type: 'VersionCreated', data: { ...inProduct, versionId: command.versionId, name: version, isActive: true } },
    {
      type: 'MilestoneCreated',
      data: { ...inProduct, milestoneId: command.milestoneId, name: defaultMilestone, sortKey: 0, isActive: true },
    },
  ];
}

/** Bugzilla's Product->set_all + update; no event when nothing changes. */
export function decideUpdateProduct(command: UpdateProduct, state: ExistingProduct): readonly ProductEvent[] | DomainError {
  let name: string | undefined;
  if (command.name !== undefined) {
    const checked = checkName(command.name, command.nameInUse);
    if (typeof checked !== 'string') return checked;
    name = checked;
  }
  let description: string | undefined;
  if (command.description !== undefined) {
    description = trimmed(command.description);
    if (!description) return CatalogErrors.productMustHaveDescription();
    const longDescription = descriptionTooLong('product', description);
    if (longDescription) return longDescription;
  }
  let defaultMilestone: string | undefined;
  if (command.defaultMilestone !== undefined && command.useTargetMilestone) {
    const wanted = trimmed(command.defaultMilestone);
    const milestone = findByName(state.milestones, wanted);
    if (!milestone) return CatalogErrors.productMustDefineDefaultMilestone(state.name, wanted);
    defaultMilestone = milestone.name;
  }
  const changes: ProductChanges = definedOnly({
    name: changed(state.name, name),
    description: changed(state.description, description),
    defaultMilestone: changed(state.defaultMilestone, defaultMilestone),
    isActive: changed(state.isActive, command.isActive),
    allowsUnconfirmed: changed(state.allowsUnconfirmed, command.allowsUnconfirmed),
    classification: changed(state.classification, command.classification, (a, b) => a.id === b.id),
  });
  const updated: ProductEvent[] = hasAny(changes)
    ? [{ type: 'ProductUpdated', data: { productId: state.id, productName: name ?? state.name, changes } }]
    : [];
  if (!command.groupControls) return updated;
  const controls = decideGroupControls(command.groupControls, { ...state, name: name ?? state.name });
  return isDomainError(controls) ? controls : [...updated, ...controls];
}

function checkName(raw: string | undefined, nameInUse: string | null): string | DomainError {
  const name = trimmed(raw);
  if (!name) return CatalogErrors.productBlankName();
  if (name.length > MAX_NAME_LENGTH) return CatalogErrors.productNameTooLong(name);
  if (nameInUse !== null) {
    return nameInUse === name ? CatalogErrors.productNameInUse(nameInUse) : CatalogErrors.productNameDiffInCase(name, nameInUse);
  }
  return name;
}
