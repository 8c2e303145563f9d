import type { DomainError, ProductEvent } from '@tracker/contracts';
import { CatalogErrors } from '../catalog.errors';
import { changed, definedOnly, hasAny } from '../shared/changes';
import { MAX_NAME_LENGTH, cleanText, findByName } from '../shared/names';
import type { CreateVersion, UpdateVersion } from './product.commands';
import type { ExistingProduct } from './product.state';

/** Bugzilla's Version: a name unique in its product (unprintable characters removed). */
export function decideCreateVersion(command: CreateVersion, state: ExistingProduct): readonly ProductEvent[] | DomainError {
  const name = checkName(command.name, state, command.versionId);
  if (typeof name !== 'string') return name;
  return [
    {
      type: 'VersionCreated',
      data: { productId: state.id, productName: state.name, versionId: command.versionId, name, isActive: command.isActive },
    },
  ];
}

export function decideUpdateVersion(command: UpdateVersion, state: ExistingProduct): readonly ProductEvent[] | DomainError {
  const version = state.versions.find((v) => v.id === command.versionId);
  if (!version) return CatalogErrors.objectIdDoesNotExist('version', command.versionId);
  let name: string | undefined;
  if (command.name !== undefined) {
    const checked = checkName(command.name, state, version.id);
    if (typeof checked !== 'string') return checked;
    name = checked;
  }
  const changes = definedOnly({ name: changed(version.name, name), isActive: changed(version.isActive, command.isActive) });
  if (!hasAny(changes)) return [];
  return [
    {
      type: 'VersionUpdated',
      data: { productId: state.id, productName: state.name, versionId: version.id, name: name ?? version.name, changes },
    },
  ];
}

function checkName(raw: string | undefined, state: ExistingProduct, versionId: number): string | DomainError {
  const name = cleanText(raw);
  if (!name) return CatalogErrors.versionBlankName();
  if (name.length > MAX_NAME_LENGTH) return CatalogErrors.versionNameTooLong(name);
  const existing = findByName(state.versions, name);
  if (existing && existing.id !== versionId) return CatalogErrors.versionAlreadyExists(existing.name, state.name);
  return name;
}
