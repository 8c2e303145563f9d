import { type GroupSummary, LOOKUP_GROUPS_SUBJECT, type LookupGroupsParams, type LookupGroupsResult, type ServiceRequest } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { GroupQueries } from '../read-model/groups.queries';
import { uniqueRows } from './unique-rows';

/**
 * What other services ask identity at the moment of a request: which groups exist, by
 * name (case-insensitively) or id. Answers in the order asked, names before ids, each
 * once; unknown ones are listed back for the caller's own error.
 */
@MessageHandler(LOOKUP_GROUPS_SUBJECT)
export class LookupGroupsHandler {
  constructor(private readonly groups: GroupQueries) {}

  async handle({ params }: ServiceRequest<LookupGroupsParams>): Promise<LookupGroupsResult> {
    const names = params.names ?? [];
    const ids = params.ids ?? [];
    const [byName, byId] = await Promise.all([this.groups.byNames(names), this.groups.byIds(ids)]);
    const nameKey = new Map(byName.map((row) => [row.name.toLowerCase(), row]));
    const idKey = new Map(byId.map((row) => [row.id, row]));
    const found = [...names.map((name) => nameKey.get(name.toLowerCase())), ...ids.map((id) => idKey.get(id))];
    return {
      groups: uniqueRows(found).map(
        (row): GroupSummary => ({ id: row.id, name: row.name, description: row.description, isBugGroup: row.is_bug_group, isActive: row.is_active }),
      ),
      unknownNames: names.filter((name) => !nameKey.has(name.toLowerCase())),
      unknownIds: ids.filter((id) => !idKey.has(id)),
    };
  }
}
