import { CREATE_FIELD_SUBJECT, type CreatedObject, type CreateFieldParams, fieldStream, type ServiceRequest } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { type RequestedVisibility, customFieldName, fieldDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences, KeyedLocks } from '@tracker/platform/read-model';
import { requireGroup } from '../../access/require-group';
import { InstallationGate } from '../../installation/installation-gate';
import { FieldQueries } from '../../read-model/field.queries';
import { controllerField, controllerValues } from '../controller-field';
import type { CatalogSequence, CatalogLock } from '../../catalog.sequences';

/**
 * Tracker extension `POST /rest/field/bug` (admin; Bugzilla's editfields page): a custom
 * field of any type in the contract. Field names are unique across streams: lock.
 */
@MessageHandler(CREATE_FIELD_SUBJECT)
export class CreateFieldHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<CatalogSequence>,
    private readonly locks: KeyedLocks<CatalogLock>,
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
    const [fieldId, emptyValueId] = await this.ids.nextOfEach('field_ids', 'field_value_ids');
    await this.locks.withLock('field-name', [name], async () => {
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
