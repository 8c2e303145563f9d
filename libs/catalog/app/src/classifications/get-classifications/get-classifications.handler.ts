import { Inject } from '@nestjs/common';
import {
  type CatalogRef,
  GET_CLASSIFICATIONS_SUBJECT,
  type GetClassificationsParams,
  type GetClassificationsResult,
  hasPermission,
  type ServiceRequest,
  splitIdOrName,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogErrors } from '@tracker/catalog/domain';
import { CATALOG_OPTIONS, type CatalogOptions } from '../../catalog.options';
import { InstallationGate } from '../../installation/installation-gate';
import { NamedQueries } from '../../read-model/named.queries';
import { viewerOf } from '../../read-model/viewer';

/**
 * Classification.get: needs `useclassification` or editclassifications (900). Unknown
 * names or ids are 51; without editclassifications a caller sees only classifications
 * holding a product it may see, and only those products.
 */
@MessageHandler(GET_CLASSIFICATIONS_SUBJECT)
export class GetClassificationsHandler {
  constructor(
    private readonly named: NamedQueries,
    private readonly gate: InstallationGate,
    @Inject(CATALOG_OPTIONS) private readonly options: CatalogOptions,
  ) {}

  async handle(request: ServiceRequest<GetClassificationsParams>): Promise<GetClassificationsResult> {
    await this.gate.whenInstalled(request.correlationId);
    const { id_or_name, ids, names } = request.params;
    const path = splitIdOrName(id_or_name);
    const wanted: Array<string | number> = [...path.names, ...(names ?? []), ...path.ids, ...(ids ?? [])];
    if (wanted.length === 0) throw CatalogErrors.paramsRequired('Classification.get', ['names', 'ids']);
    const editor = hasPermission(request.auth, 'editclassifications');
    if (!this.options.useClassification && !editor) throw CatalogErrors.classificationNotEnabled();
    const found = new Map<number, CatalogRef>();
    for (const idOrName of wanted) {
      const ref = await this.named.ref('classifications', idOrName);
      if (!ref) {
        throw typeof idOrName === 'number'
          ? CatalogErrors.objectIdDoesNotExist('classification', idOrName)
          : CatalogErrors.objectDoesNotExist('classification', idOrName.trim());
      }
      found.set(ref.id, ref);
    }
    const classificationIds = [...found.keys()];
    const [rows, products] = await Promise.all([
      this.named.classifications(classificationIds),
      this.named.classifiedProducts(classificationIds, viewerOf(request.auth), editor),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const classifications = classificationIds.flatMap((id) => {
      const row = byId.get(id);
      const own = products.filter((product) => product.classification_id === id);
      if (!row || (!editor && own.length === 0)) return [];
      return [
        {
          id: row.id,
          name: row.name,
          description: row.description,
          sort_key: row.sort_key,
          products: own.map((product) => ({ id: product.id, name: product.name, description: product.description })),
        },
      ];
    });
    return { classifications };
  }
}
