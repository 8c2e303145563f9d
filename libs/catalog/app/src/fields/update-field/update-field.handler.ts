import {
  type FieldEvent,
  fieldStream,
  type ServiceRequest,
  splitIdOrName,
  UPDATE_FIELD_SUBJECT,
  type UpdateFieldParams,
  type UpdateFieldsResult,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogErrors, type RequestedVisibility, fieldDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { requireGroup } from '../../access/require-group';
import { InstallationGate } from '../../installation/installation-gate';
import { FieldQueries, type FieldRow } from '../../read-model/field.queries';
import { asWireValue, wireChanges } from '../../wire/wire-changes';
import { controllerField, controllerValues } from '../controller-field';

const API_NAMES = {
  displayName: 'display_name',
  isMandatory: 'is_mandatory',
  isOnBugEntry: 'is_on_bug_entry',
  sortKey: 'sort_key',
  isObsolete: 'is_obsolete',
  longDescription: 'long_desc',
  valueField: 'value_field',
} as const;

/**
 * Tracker extension `PUT /rest/field/bug/{id_or_name}` (admin): a custom field's display
 * name, flags, sort key, description, visibility and value field. Visibility values
 * alone apply to the current visibility field.
 */
@MessageHandler(UPDATE_FIELD_SUBJECT)
export class UpdateFieldHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly fields: FieldQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<UpdateFieldParams>): Promise<UpdateFieldsResult> {
    requireGroup(request.auth, 'admin', 'edit', 'custom fields');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const field = await this.target(p.id_or_name);
    const result = await this.commands.run(
      fieldDecider,
      fieldStream(field.id),
      {
        kind: 'UpdateCustomField',
        displayName: p.display_name,
        isMandatory: p.is_mandatory,
        isOnBugEntry: p.is_on_bug_entry,
        sortKey: p.sort_key,
        isObsolete: p.is_obsolete,
        longDescription: p.long_desc,
        visibility: await this.visibility(field, p),
        valueField: p.value_field === undefined ? undefined : await controllerField(this.fields, p.value_field),
      },
      this.commands.context(request),
    );
    return { fields: [{ id: field.id, changes: fieldChanges(result.events) }] };
  }

  private async target(idOrName: string): Promise<FieldRow> {
    const id = splitIdOrName(idOrName).ids[0];
    const field = id === undefined ? await this.fields.byName(idOrName) : await this.fields.byId(id);
    if (!field)
      throw id === undefined ? CatalogErrors.objectDoesNotExist('field', idOrName.trim()) : CatalogErrors.objectIdDoesNotExist('field', id);
    return field;
  }

  private async visibility(field: FieldRow, p: UpdateFieldParams): Promise<RequestedVisibility | undefined> {
    if (p.visibility_field === undefined && p.visibility_values === undefined) return undefined;
    const controller = await controllerField(this.fields, p.visibility_field ?? field.visibility_field ?? '');
    return { field: controller, values: controller ? await controllerValues(this.fields, controller, p.visibility_values ?? []) : [] };
  }
}

function fieldChanges(events: readonly FieldEvent[]): UpdateFieldsResult['fields'][number]['changes'] {
  const changes = events.flatMap((event) => (event.type === 'FieldUpdated' ? [event.data.changes] : []))[0];
  if (!changes) return {};
  const visibility = changes.visibility;
  return {
    ...wireChanges(changes, API_NAMES),
    ...(visibility && visibility.from.field?.id !== visibility.to.field?.id
      ? { visibility_field: { added: asWireValue(visibility.to.field), removed: asWireValue(visibility.from.field) } }
      : {}),
    ...(visibility
      ? { visibility_values: { added: asWireValue(visibility.to.values), removed: asWireValue(visibility.from.values) } }
      : {}),
  };
}
