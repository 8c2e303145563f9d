import {
  type CatalogRef,
  CREATE_FIELD_VALUE_SUBJECT,
  type CreatedObject,
  type CreateFieldValueParams,
  fieldStream,
  type ServiceRequest,
  WORKFLOW_STREAM,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogErrors, fieldDecider, workflowDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences } from '@tracker/platform/read-model';
import { requireGroup } from '../../access/require-group';
import { InstallationGate } from '../../installation/installation-gate';
import { FieldQueries, type FieldRow } from '../../read-model/field.queries';
import { controllerField, controllerValues } from '../controller-field';
import type { CatalogSequence } from '../../catalog.sequences';

/**
 * Tracker extension `POST /rest/field/bug/{field}/values` (admin; Bugzilla's editvalues
 * page): a legal value of a select field; for bug_status, a new status (`is_open`).
 */
@MessageHandler(CREATE_FIELD_VALUE_SUBJECT)
export class CreateFieldValueHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<CatalogSequence>,
    private readonly fields: FieldQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<CreateFieldValueParams>): Promise<CreatedObject> {
    requireGroup(request.auth, 'admin', 'edit', 'field values');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const field = await this.fields.byName(p.field);
    if (!field) throw CatalogErrors.objectDoesNotExist('field', p.field.trim());
    const context = this.commands.context(request);
    if (field.name === 'bug_status') {
      const statusId = await this.ids.next('status_ids');
      await this.commands.run(
        workflowDecider,
        WORKFLOW_STREAM,
        { kind: 'AddStatus', statusId, name: p.name, isOpen: p.is_open ?? true, sortKey: p.sort_key ?? 0, isActive: p.is_active ?? true },
        context,
      );
      return { id: statusId };
    }
    const valueId = await this.ids.next('field_value_ids');
    await this.commands.run(
      fieldDecider,
      fieldStream(field.id),
      {
        kind: 'AddFieldValue',
        valueId,
        name: p.name,
        sortKey: p.sort_key ?? 0,
        isActive: p.is_active ?? true,
        visibilityValue: await visibilityValue(this.fields, field, p.visibility_value),
      },
      context,
    );
    return { id: valueId };
  }
}

/** The value of the field's value_field that shows a value: by name; '' or nothing is none. */
export async function visibilityValue(fields: FieldQueries, field: FieldRow, name: string | undefined): Promise<CatalogRef | null> {
  if (name === undefined || name.trim() === '' || field.value_field === null) return null;
  const controller = await controllerField(fields, field.value_field);
  if (!controller) return null;
  const [value] = await controllerValues(fields, controller, [name]);
  return value ?? null;
}
