import { GET_FLAG_TYPES_SUBJECT, type GetFlagTypesParams, type GetFlagTypesResult, type ServiceRequest } from '@tracker/contracts';
import { appliesTo, FlagsErrors, listedForProduct } from '@tracker/flags/domain';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogClient } from '../collaborators/catalog.client';
import { FlagTypeQueries } from '../read-model/flag-type.queries';
import { flagTypeWire } from './flag-type.wire';

/**
 * FlagType.get (`GET /rest/flag_type/{product}[/{component}]`, BMO's `/rest/flag_types/...`,
 * docs/flags.md §2.6): the types listed for the product, or applying to the component, active
 * or not, by sort key, name and id; `values` are what the caller may set.
 */
@MessageHandler(GET_FLAG_TYPES_SUBJECT)
export class GetFlagTypesHandler {
  constructor(
    private readonly catalog: CatalogClient,
    private readonly types: FlagTypeQueries,
  ) {}

  async handle(request: ServiceRequest<GetFlagTypesParams>): Promise<GetFlagTypesResult> {
    const { product: productName, component: componentName } = request.params;
    const [product] = await this.catalog.products(request, { products: [productName] });
    if (!product?.access.canSee) throw FlagsErrors.productAccessDenied(productName);
    const component =
      componentName === undefined ? undefined : product.components.find((candidate) => sameName(candidate.name, componentName));
    if (componentName !== undefined && !component) throw FlagsErrors.componentNotInProduct(componentName, product.name);
    const listed = (await this.types.all()).filter((type) =>
      component ? appliesTo(type, product.id, component.id) : listedForProduct(type, product.id),
    );
    const wire = listed.map((type) => flagTypeWire(type, product.id, product.components, request.auth.groupIds));
    return { bug: wire.filter((type) => type.type === 'bug'), attachment: wire.filter((type) => type.type === 'attachment') };
  }
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.trim().toLowerCase();
}
