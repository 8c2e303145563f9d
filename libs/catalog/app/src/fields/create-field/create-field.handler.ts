import { Injectable } from '@nestjs/common';
import { type CreateFieldParams, type CreatedObject, type ServiceRequest, fieldStream } from '@tracker/contracts';
import { type RequestedVisibility, customFieldName, fieldDecider } from '@tracker/catalog/domain';
import { requireGroup } from '../../access/require-group';
import { CatalogCommands } from '../../commands/catalog-commands';
import { InstallationGate } from '../../installation/installation-gate';
import { FieldQueries } from '../../read-model/field.queries';
import { controllerField, controllerValues } from '../controller-field';

/**
 * Tracker extension `POST /rest/field/bug` (admin; Bugzilla's editfields page): a custom
 * field of any type in the contract. Field names are unique across streams: lock.
 */
@Injectable()
export class CreateFieldHandler {
  constructor(
    private readonly commands: CatalogCommands,
    private readonly fields: FieldQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<CreateFieldParams>): Promise<CreatedObject> {
    requireGroup(request.auth, 'admin', 'edit', 'custom fields');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const visibilityField = await controllerField(this.fields, p.visibility_field ?? '');
    const visibility: RequestedVisibility = {
      field: visibilityField,
      values: visibilityField ? await controllerValues(this.fields, visibilityField, p.visibility_values ?? []) : [],
    };
    const valueField = await controllerField(this.fields, p.value_field ?? '');
    const name = customFieldName(p.name);
    const [fieldId, emptyValueId] = await Promise.all([this.commands.nextId('field_ids'), this.commands.nextId('field_value_ids')]);
    await this.commands.lock('field-name').withLock([name], async () => {
      const existing = name === '' ? undefined : await this.fields.byName(name);
      await this.commands.run(
        fieldDecider,
        fieldStream(fieldId),
        {
          kind: 'CreateCustomField',
          fieldId,
          emptyValueId,
          name: p.name,
          displayName: p.display_name,
          type: p.type ?? 0,
          isMandatory: p.is_mandatory ?? false,
          isOnBugEntry: p.is_on_bug_entry ?? false,
          sortKey: p.sort_key ?? (await this.fields.nextSortKey()),
          longDescription: p.long_desc,
          visibility,
          valueField,
          nameInUse: existing ? { name: existing.name, displayName: existing.display_name } : null,
        },
        this.commands.context(request),
      );
    });
    return { id: fieldId };
  }
}
