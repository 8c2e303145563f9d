import {
  classificationStream,
  CREATE_CLASSIFICATION_SUBJECT,
  type CreateClassificationParams,
  type CreatedObject,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { classificationDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences, KeyedLocks } from '@tracker/platform/read-model';
import { requireGroup } from '../../access/require-group';
import { InstallationGate } from '../../installation/installation-gate';
import { NamedQueries } from '../../read-model/named.queries';
import type { CatalogSequence, CatalogLock } from '../../catalog.sequences';

/** Tracker extension `POST /rest/classification` (editclassifications); names are unique across streams, hence the lock. */
@MessageHandler(CREATE_CLASSIFICATION_SUBJECT)
export class CreateClassificationHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<CatalogSequence>,
    private readonly locks: KeyedLocks<CatalogLock>,
    private readonly named: NamedQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<CreateClassificationParams>): Promise<CreatedObject> {
    requireGroup(request.auth, 'editclassifications', 'edit', 'classifications');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const name = (p.name ?? '').trim();
    const classificationId = await this.ids.next('classification_ids');
    await this.locks.withLock('classification-name', [name.toLowerCase()], async () =>
      this.commands.run(
        classificationDecider,
        classificationStream(classificationId),
        {
          kind: 'CreateClassification',
          classificationId,
          name: p.name,
          description: p.description,
          sortKey: p.sort_key,
          nameInUse: name === '' ? null : await this.named.nameInUse('classifications', name, null),
        },
        this.commands.context(request),
      ),
    );
    return { id: classificationId };
  }
}
