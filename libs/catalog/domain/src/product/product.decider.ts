import { assertNever, type Decider, type DomainError, isDomainError, type ProductEvent } from '@tracker/contracts';
import { CatalogErrors } from '../catalog.errors';
import { decideCreateComponent, decideUpdateComponent } from './decide-component';
import { decideCreateMilestone, decideUpdateMilestone } from './decide-milestone';
import { decideCreateProduct, decideUpdateProduct } from './decide-product';
import { decideCreateVersion, decideUpdateVersion } from './decide-version';
import type { InstallProduct, ProductCommand } from './product.commands';
import { type ProductState, evolveProduct, initialProductState } from './product.state';

/** One product stream: the product, its components, versions, milestones and group controls. */
export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: initialProductState,
  evolve: evolveProduct,
  decide: (command, state): readonly ProductEvent[] | DomainError => {
    if (command.kind === 'CreateProduct') return decideCreateProduct(command, state);
    if (command.kind === 'InstallProduct') return decideInstallProduct(command, state);
    // Commands on a product that does not exist: the handler found it in the read model,
    // so this is only reachable by a race with nothing else; still answer properly.
    if (state.kind === 'absent') return CatalogErrors.productAccessDenied('(unknown)');
    switch (command.kind) {
      case 'UpdateProduct':
        return decideUpdateProduct(command, state);
      case 'CreateComponent':
        return decideCreateComponent(command, state);
      case 'UpdateComponent':
        return decideUpdateComponent(command, state);
      case 'CreateVersion':
        return decideCreateVersion(command, state);
      case 'UpdateVersion':
        return decideUpdateVersion(command, state);
      case 'CreateMilestone':
        return decideCreateMilestone(command, state);
      case 'UpdateMilestone':
        return decideUpdateMilestone(command, state);
      default:
        return assertNever(command);
    }
  },
};

function decideInstallProduct(command: InstallProduct, state: ProductState): readonly ProductEvent[] | DomainError {
  if (state.kind === 'present') return [];
  const product = decideCreateProduct(command.product, state);
  if (isDomainError(product)) return product;
  const created = product.reduce(evolveProduct, state);
  if (created.kind === 'absent') return product;
  const component = decideCreateComponent(command.component, created);
  return isDomainError(component) ? component : [...product, ...component];
}
