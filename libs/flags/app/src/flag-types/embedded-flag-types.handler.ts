import {
  type ComponentFlagTypes,
  componentKey,
  EMBEDDED_FLAG_TYPES_SUBJECT,
  type EmbeddedFlagTypesParams,
  type EmbeddedFlagTypesResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { appliesTo } from '@tracker/flags/domain';
import { MessageHandler } from '@tracker/platform/messaging';
import { FlagTypeQueries } from '../read-model/flag-type.queries';
import { flagTypeSummary } from './flag-type.wire';

/**
 * `flags.types.embedded` (docs/flags.md §2.7): the `flag_types` of each component of a product
 * read, asked by the gateway once per response: the types applying to the component, active
 * or not, by sort key, name and id. The product read already decided what the caller sees.
 */
@MessageHandler(EMBEDDED_FLAG_TYPES_SUBJECT)
export class EmbeddedFlagTypesHandler {
  constructor(private readonly types: FlagTypeQueries) {}

  async handle(request: ServiceRequest<EmbeddedFlagTypesParams>): Promise<EmbeddedFlagTypesResult> {
    const { targets } = request.params;
    const all = targets.length === 0 ? [] : await this.types.all();
    const byComponent: Record<string, ComponentFlagTypes> = {};
    for (const { productId, componentId } of targets) {
      const applying = all.filter((type) => appliesTo(type, productId, componentId));
      byComponent[componentKey(productId, componentId)] = {
        bug: applying.filter((type) => type.targetType === 'bug').map(flagTypeSummary),
        attachment: applying.filter((type) => type.targetType === 'attachment').map(flagTypeSummary),
      };
    }
    return { byComponent };
  }
}
