import {
  keywordStream,
  type ServiceRequest,
  splitIdOrName,
  UPDATE_KEYWORD_SUBJECT,
  type UpdateKeywordParams,
  type UpdateKeywordsResult,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CatalogErrors, keywordDecider } from '@tracker/catalog/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { KeyedLocks } from '@tracker/platform/read-model';
import { requireGroup } from '../../access/require-group';
import { InstallationGate } from '../../installation/installation-gate';
import { NamedQueries } from '../../read-model/named.queries';
import { wireChanges } from '../../wire/wire-changes';
import type { CatalogLock } from '../../catalog.sequences';

/** Tracker extension `PUT /rest/keyword/{id_or_name}` (editkeywords). */
@MessageHandler(UPDATE_KEYWORD_SUBJECT)
export class UpdateKeywordHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly locks: KeyedLocks<CatalogLock>,
    private readonly named: NamedQueries,
    private readonly gate: InstallationGate,
  ) {}

  async handle(request: ServiceRequest<UpdateKeywordParams>): Promise<UpdateKeywordsResult> {
    requireGroup(request.auth, 'editkeywords', 'edit', 'keywords');
    await this.gate.whenInstalled(request.correlationId);
    const p = request.params;
    const path = splitIdOrName(p.id_or_name);
    const target = await this.named.ref('keywords', path.ids[0] ?? p.id_or_name);
    if (!target) {
      const id = path.ids[0];
      throw id === undefined
        ? CatalogErrors.objectDoesNotExist('keyword', p.id_or_name.trim())
        : CatalogErrors.objectIdDoesNotExist('keyword', id);
    }
    const newName = (p.name ?? '').trim();
    const result = await this.locks.withLock('keyword-name', [newName.toLowerCase()], async () =>
      this.commands.run(
        keywordDecider,
        keywordStream(target.id),
        {
          kind: 'UpdateKeyword',
          name: p.name,
          description: p.description,
          nameInUse: p.name === undefined || newName === '' ? null : await this.named.nameInUse('keywords', newName, target.id),
        },
        this.commands.context(request),
      ),
    );
    const changes = result.events.flatMap((event) => (event.type === 'KeywordUpdated' ? [event.data.changes] : []))[0] ?? {};
    return { keywords: [{ id: target.id, changes: wireChanges(changes, { name: 'name', description: 'description' }) }] };
  }
}
