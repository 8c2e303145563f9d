import { Inject } from '@nestjs/common';
import {
  fieldStream,
  type ServiceRequest,
  UPDATE_FIELD_VALUE_SUBJECT,
  type UpdateFieldValueParams,
  type UpdateFieldValuesResult,
  type WireChanges,
  WORKFLOW_STREAM,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogErrors, fieldDecider, workflowDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { requireGroup } from '../../access/require-group';
import { CATALOG_OPTIONS, type CatalogOptions } from '../../catalog.options';
import { InstallationGate } from '../../installation/installation-gate';
import { FieldQueries } from '../../read-model/field.queries';
import { NamedQueries } from '../../read-model/named.queries';
import { wireChanges } from '../../wire/wire-changes';
import { visibilityValue } from '../create-field-value/create-field-value.handler';
import { defaultValueOf } from '../field-defaults';

const API_NAMES = { name: 'name', sortKey: 'sort_key', isActive: 'is_active', visibilityValue: 'visibility_value' } as const;

/**
 * Tracker extension `PUT /rest/field/bug/{field}/values/{value}` (admin): rename, re-sort,
 * disable a legal value (statuses included). Values that mean something to the code
 * (the configured default, resolution FIXED and DUPLICATE, UNCONFIRMED, the duplicate
 * status, a custom field's `---`) are protected as Bugzilla protects them.
 */
@MessageHandler(UPDATE_FIELD_VALUE_SUBJECT)
export class UpdateFieldValueHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly fields: FieldQueries,
    private readonly named: NamedQueries,
    private readonly gate: InstallationGate,
    @Inject(CATALOG_OPTIONS) private readonly options: CatalogOptions,
  ) {}

  async handle(request: ServiceRequest<UpdateFieldValueParams>): Promise<UpdateFieldValuesResult> {
    requireGroup(request.auth, 'admin', 'edit', 'field values');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const field = await this.fields.byName(p.field);
    if (!field) throw CatalogErrors.objectDoesNotExist('field', p.field.trim());
    const context = this.commands.context(request);
    if (field.name === 'bug_status') {
      const status = await this.named.ref('statuses', p.value);
      if (!status) throw CatalogErrors.objectDoesNotExist('status', p.value.trim());
      const result = await this.commands.run(
        workflowDecider,
        WORKFLOW_STREAM,
        { kind: 'UpdateStatus', statusId: status.id, name: p.name, sortKey: p.sort_key, isActive: p.is_active },
        context,
      );
      const changes = result.events.flatMap((e) => (e.type === 'StatusUpdated' ? [e.data.changes] : []))[0] ?? {};
      return { values: [{ id: status.id, changes: wireChanges(changes, API_NAMES) }] };
    }
    const [value] = (await this.fields.selectValues(field.id, [p.value])).filter(
      (v) => v.name.toLowerCase() === p.value.trim().toLowerCase(),
    );
    if (!value) throw CatalogErrors.objectDoesNotExist(field.display_name, p.value.trim());
    const result = await this.commands.run(
      fieldDecider,
      fieldStream(field.id),
      {
        kind: 'UpdateFieldValue',
        valueId: value.id,
        name: p.name,
        sortKey: p.sort_key,
        isActive: p.is_active,
        visibilityValue: p.visibility_value === undefined ? undefined : await visibilityValue(this.fields, field, p.visibility_value),
        defaultValue: defaultValueOf(this.options, field.name),
      },
      context,
    );
    const changes = result.events.flatMap((e) => (e.type === 'FieldValueUpdated' ? [e.data.changes] : []))[0];
    const wire: WireChanges = changes ? wireChanges(changes, API_NAMES) : {};
    return { values: [{ id: value.id, changes: wire }] };
  }
}
