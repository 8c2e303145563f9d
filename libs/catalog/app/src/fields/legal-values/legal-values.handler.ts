import {
  CommonErrors,
  DomainError,
  isSelectType,
  LEGAL_VALUES_SUBJECT,
  type LegalValuesParams,
  type LegalValuesResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogErrors, compareVersions } from '@tracker/catalog/domain';
import { InstallationGate } from '../../installation/installation-gate';
import { FieldQueries } from '../../read-model/field.queries';
import { ProductQueries } from '../../read-model/product.queries';
import { viewerOf } from '../../read-model/viewer';
import { PRODUCT_SPECIFIC } from '../field.view';

/** The API names Bug.legal_values also accepts (Bugzilla::Bug FIELD_MAP). */
// a Map, so that a field named like an Object property (`__proto__`, `constructor`) is just unknown
const API_NAMES: ReadonlyMap<string, string> = new Map([
  ['status', 'bug_status'],
  ['severity', 'bug_severity'],
  ['platform', 'rep_platform'],
]);
const ABNORMAL = new Set(['classification', 'product', 'component']);

/**
 * Bug.legal_values (deprecated, `GET /rest/field/bug/{field}/values`): the active values
 * of a global select field in sort order, or all values of a per-product field for an
 * accessible product (`product_id` required). Anything else is code 108.
 */
@MessageHandler(LEGAL_VALUES_SUBJECT)
export class LegalValuesHandler {
  constructor(
    private readonly fields: FieldQueries,
    private readonly products: ProductQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<LegalValuesParams>): Promise<LegalValuesResult> {
    await this.gate.whenInstalled(request.correlationId);
    const { field: requested, product_id: productId } = request.params;
    const name = API_NAMES.get(requested) ?? requested;
    const field = await this.fields.byName(name);
    if (field && field.name === name && isSelectType(field.type) && !ABNORMAL.has(field.name)) {
      const snapshot = await this.fields.snapshot(viewerOf(request.auth), false);
      const values =
        field.name === 'bug_status'
          ? snapshot.statuses.filter((s) => s.is_active)
          : snapshot.values.filter((v) => v.field_id === field.id && v.is_active);
      return { values: values.map((v) => v.name) };
    }
    if (!PRODUCT_SPECIFIC.has(name)) throw new DomainError('invalidFieldName', `Can't use "${requested.slice(0, 30)}" as a field name.`);
    if (productId === undefined) throw CommonErrors.paramRequired('product_id', 'Bug.legal_values');
    const [product] = await this.products.find({ ids: [productId], names: null, visible: 'accessible' }, viewerOf(request.auth), {
      components: name === 'component',
      versions: name === 'version',
      milestones: name === 'target_milestone',
      groupControls: false,
    });
    if (!product) throw CatalogErrors.productAccessDenied(productId);
    if (name === 'version')
      return { values: [...(product.versions ?? [])].sort((a, b) => compareVersions(a.name, b.name)).map((v) => v.name) };
    return { values: (name === 'component' ? (product.components ?? []) : (product.milestones ?? [])).map((v) => v.name) };
  }
}
