import { Injectable } from '@nestjs/common';
import { type CreateKeywordParams, type CreatedObject, type ServiceRequest, keywordStream } from '@tracker/contracts';
import { keywordDecider } from '@tracker/catalog/domain';
import { requireGroup } from '../../access/require-group';
import { CatalogCommands } from '../../commands/catalog-commands';
import { InstallationGate } from '../../installation/installation-gate';
import { NamedQueries } from '../../read-model/named.queries';

/** Tracker extension `POST /rest/keyword` (editkeywords); names are unique across streams, hence the lock. */
@Injectable()
export class CreateKeywordHandler {
  constructor(
    private readonly commands: CatalogCommands,
    private readonly named: NamedQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<CreateKeywordParams>): Promise<CreatedObject> {
    requireGroup(request.auth, 'editkeywords', 'edit', 'keywords');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const name = (p.name ?? '').trim();
    const keywordId = await this.commands.nextId('keyword_ids');
    await this.commands.lock('keyword-name').withLock([name.toLowerCase()], async () =>
      this.commands.run(
        keywordDecider,
        keywordStream(keywordId),
        {
          kind: 'CreateKeyword',
          keywordId,
          name: p.name,
          description: p.description,
          nameInUse: name === '' ? null : await this.named.nameInUse('keywords', name, null),
        },
        this.commands.context(request),
      ),
    );
    return { id: keywordId };
  }
}
