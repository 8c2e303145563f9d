import {
  componentKey,
  EMBEDDED_FLAG_TYPES_SUBJECT,
  type EmbeddedFlagTypesParams,
  type EmbeddedFlagTypesResult,
  type ProductObject,
  type ServiceRequest,
} from '@tracker/contracts';
import { FieldFilter } from '@tracker/field-filter';
import type { Composer } from '../routing/route';

/**
 * The `flag_types` of each component in product reads (docs/flags.md §2.7): the catalog
 * answers empty lists, the flags service fills them in one `flags.types.embedded` call per
 * response, asked only when `components.flag_types` is wanted and some component is listed.
 */
export const componentFlagTypes: Composer = async (result, context, bus) => {
  const filter = new FieldFilter(context.fields);
  if (!filter.wantsBranch('components') || !filter.wantsBranch('flag_types', undefined, 'components')) return result;
  const body = result as { products?: ProductObject[] };
  const products = body.products ?? [];
  const targets = products.flatMap((product) =>
    (product.components ?? []).map((component) => ({ productId: product.id, componentId: component.id })),
  );
  if (targets.length === 0) return result;
  const request: ServiceRequest<EmbeddedFlagTypesParams> = {
    auth: context.auth,
    correlationId: context.correlationId,
    params: { targets },
    fields: context.fields,
  };
  const { byComponent } = await bus.request<EmbeddedFlagTypesResult, EmbeddedFlagTypesParams>(EMBEDDED_FLAG_TYPES_SUBJECT, request);
  return {
    ...body,
    products: products.map((product) =>
      product.components === undefined
        ? product
        : {
            ...product,
            components: product.components.map((component) => ({
              ...component,
              flag_types: byComponent[componentKey(product.id, component.id)] ?? component.flag_types,
            })),
          },
    ),
  };
};
