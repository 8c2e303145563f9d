import { GET_FIELDS_SUBJECT, type GetFieldsParams, type GetFieldsResult, type ServiceRequest, splitIdOrName } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogErrors } from '@tracker/catalog/domain';
import { InstallationGate } from '../../installation/installation-gate';
import { FieldQueries, type FieldRow } from '../../read-model/field.queries';
import { viewerOf } from '../../read-model/viewer';
import { PRODUCT_SPECIFIC, fieldObject } from '../field.view';

/**
 * Bug.fields: fields by id, then by name (any case; 51 for an unknown one; no field
 * twice), or every field that is not obsolete. One statement reads everything; per
 * product values only of products the caller may see, and only when asked for.
 */
@MessageHandler(GET_FIELDS_SUBJECT)
export class GetFieldsHandler {
  constructor(
    private readonly fields: FieldQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<GetFieldsParams>): Promise<GetFieldsResult> {
    await this.gate.whenInstalled(request.correlationId);
    const { id_or_name, ids, names } = request.params;
    const path = splitIdOrName(id_or_name);
    const wantedIds = [...path.ids, ...(ids ?? [])];
    const wantedNames = [...path.names, ...(names ?? [])];
    const selection = wantedIds.length + wantedNames.length === 0 ? null : await this.select(wantedIds, wantedNames);
    const needsProducts = selection === null || selection.some((field) => PRODUCT_SPECIFIC.has(field.name));
    const snapshot = await this.fields.snapshot(viewerOf(request.auth), needsProducts);
    const chosen = selection ?? snapshot.fields.filter((field) => !field.is_obsolete);
    return { fields: chosen.map((field) => fieldObject(field, snapshot)) };
  }

  private async select(ids: readonly number[], names: readonly string[]): Promise<FieldRow[]> {
    const chosen = new Map<number, FieldRow>();
    for (const id of ids) {
      const field = await this.fields.byId(id);
      if (!field) throw CatalogErrors.objectIdDoesNotExist('field', id);
      chosen.set(field.id, field);
    }
    for (const name of names) {
      const field = await this.fields.byName(name);
      if (!field) throw CatalogErrors.objectDoesNotExist('field', name.trim());
      if (!chosen.has(field.id)) chosen.set(field.id, field);
    }
    return [...chosen.values()];
  }
}
