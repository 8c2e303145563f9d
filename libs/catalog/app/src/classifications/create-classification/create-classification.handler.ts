import { Injectable } from '@nestjs/common';
import { type CreateClassificationParams, type CreatedObject, type ServiceRequest, classificationStream } from '@tracker/contracts';
import { classificationDecider } from '@tracker/catalog/domain';
import { requireGroup } from '../../access/require-group';
import { CatalogCommands } from '../../commands/catalog-commands';
import { InstallationGate } from '../../installation/installation-gate';
import { NamedQueries } from '../../read-model/named.queries';

/** Tracker extension `POST /rest/classification` (editclassifications); names are unique across streams, hence the lock. */
@Injectable()
export class CreateClassificationHandler {
  constructor(
    private readonly commands: CatalogCommands,
    private readonly named: NamedQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<CreateClassificationParams>): Promise<CreatedObject> {
    requireGroup(request.auth, 'editclassifications', 'edit', 'classifications');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const name = (p.name ?? '').trim();
    const classificationId = await this.commands.nextId('classification_ids');
    await this.commands.lock('classification-name').withLock([name.toLowerCase()], async () =>
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
