import {
  classificationStream,
  type ServiceRequest,
  splitIdOrName,
  UPDATE_CLASSIFICATION_SUBJECT,
  type UpdateClassificationParams,
  type UpdateClassificationsResult,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogErrors, classificationDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { KeyedLocks } from '@tracker/platform/read-model';
import { requireGroup } from '../../access/require-group';
import { InstallationGate } from '../../installation/installation-gate';
import { NamedQueries } from '../../read-model/named.queries';
import { wireChanges } from '../../wire/wire-changes';
import type { CatalogLock } from '../../catalog.sequences';

/** Tracker extension `PUT /rest/classification/{id_or_name}` (editclassifications). */
@MessageHandler(UPDATE_CLASSIFICATION_SUBJECT)
export class UpdateClassificationHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly locks: KeyedLocks<CatalogLock>,
    private readonly named: NamedQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<UpdateClassificationParams>): Promise<UpdateClassificationsResult> {
    requireGroup(request.auth, 'editclassifications', 'edit', 'classifications');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const path = splitIdOrName(p.id_or_name);
    const target = await this.named.ref('classifications', path.ids[0] ?? p.id_or_name);
    if (!target) {
      const id = path.ids[0];
      throw id === undefined
        ? CatalogErrors.objectDoesNotExist('classification', p.id_or_name.trim())
        : CatalogErrors.objectIdDoesNotExist('classification', id);
    }
    const newName = (p.name ?? '').trim();
    const result = await this.locks.withLock('classification-name', [newName.toLowerCase()], async () =>
      this.commands.run(
        classificationDecider,
        classificationStream(target.id),
        {
          kind: 'UpdateClassification',
          name: p.name,
          description: p.description,
          sortKey: p.sort_key,
          nameInUse: p.name === undefined || newName === '' ? null : await this.named.nameInUse('classifications', newName, target.id),
        },
        this.commands.context(request),
      ),
    );
    const changes = result.events.flatMap((event) => (event.type === 'ClassificationUpdated' ? [event.data.changes] : []))[0] ?? {};
    return {
      classifications: [
        { id: target.id, changes: wireChanges(changes, { name: 'name', description: 'description', sortKey: 'sort_key' }) },
      ],
    };
  }
}
