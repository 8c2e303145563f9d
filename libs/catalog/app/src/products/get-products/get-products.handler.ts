import {
  GET_PRODUCTS_SUBJECT,
  type GetProductsParams,
  type GetProductsResult,
  hasPermission,
  type ServiceRequest,
  splitIdOrName,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogErrors } from '@tracker/catalog/domain';
import { FieldFilter } from '@tracker/field-filter';
import { IdentityClient } from '../../collaborators/identity.client';
import { InstallationGate } from '../../installation/installation-gate';
import { ProductQueries } from '../../read-model/product.queries';
import { viewerOf } from '../../read-model/viewer';
import { groupsNamedBy, productObject, usersNamedBy } from '../product.view';
import { visibilityOf } from '../product-types';

/**
 * Product.get: products by ids, names (any case) or type, those the caller may not see or
 * that do not exist silently left out. Lists nobody asked for are not read, and the
 * users they name are resolved in one identity lookup.
 */
@MessageHandler(GET_PRODUCTS_SUBJECT)
export class GetProductsHandler {
  constructor(
    private readonly products: ProductQueries,
    private readonly identity: IdentityClient,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<GetProductsParams>): Promise<GetProductsResult> {
    await this.gate.whenInstalled(request.correlationId);
    const { id_or_name, ids, names, type } = request.params;
    if (id_or_name === undefined && ids === undefined && names === undefined && type === undefined) {
      throw CatalogErrors.paramsRequired('Product.get', ['ids', 'names', 'type']);
    }
    const path = splitIdOrName(id_or_name);
    const byIdOrName = id_or_name !== undefined || ids !== undefined || names !== undefined;
    const fields = new FieldFilter(request.fields);
    const rows = await this.products.find(
      {
        ids: byIdOrName ? [...path.ids, ...(ids ?? [])] : null,
        names: byIdOrName ? [...path.names, ...(names ?? [])] : null,
        visible: visibilityOf(type),
      },
      viewerOf(request.auth),
      {
        components: fields.wants('components'),
        versions: fields.wants('versions'),
        milestones: fields.wants('milestones'),
        groupControls: fields.wants('group_controls', ['extra']) && hasPermission(request.auth, 'editcomponents'),
      },
    );
    const [users, groups] = await Promise.all([
      this.identity.usersById(request, usersNamedBy(rows)),
      this.identity.groupsById(request, groupsNamedBy(rows)),
    ]);
    return { products: rows.map((row) => productObject(row, users, groups)) };
  }
}
