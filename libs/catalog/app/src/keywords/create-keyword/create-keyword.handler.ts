import {
  CREATE_KEYWORD_SUBJECT,
  type CreatedObject,
  type CreateKeywordParams,
  keywordStream,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { keywordDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences, KeyedLocks } from '@tracker/platform/read-model';
import { requireGroup } from '../../access/require-group';
import { InstallationGate } from '../../installation/installation-gate';
import { NamedQueries } from '../../read-model/named.queries';
import type { CatalogSequence, CatalogLock } from '../../catalog.sequences';

/** Tracker extension `POST /rest/keyword` (editkeywords); names are unique across streams, hence the lock. */
@MessageHandler(CREATE_KEYWORD_SUBJECT)
export class CreateKeywordHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<CatalogSequence>,
    private readonly locks: KeyedLocks<CatalogLock>,
    private readonly named: NamedQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<CreateKeywordParams>): Promise<CreatedObject> {
    requireGroup(request.auth, 'editkeywords', 'edit', 'keywords');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const name = (p.name ?? '').trim();
    const keywordId = await this.ids.next('keyword_ids');
    await this.locks.withLock('keyword-name', [name.toLowerCase()], async () =>
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
