import { LOOKUP_GROUPS_SUBJECT, type LookupGroupsParams, type LookupGroupsResult, type ServiceRequest } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { GroupQueries } from '../read-model/groups.queries';
import { lookupRows } from './lookup-rows';

/** What other services ask identity at the moment of a request: which groups exist, by name or id. */
@MessageHandler(LOOKUP_GROUPS_SUBJECT)
export class LookupGroupsHandler {
  constructor(private readonly groups: GroupQueries) {}

  async handle({ params }: ServiceRequest<LookupGroupsParams>): Promise<LookupGroupsResult> {
    const found = await lookupRows(params.names ?? [], params.ids ?? [], this.groups, (row) => row.name);
    return {
      groups: found.rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        isBugGroup: row.is_bug_group,
        isActive: row.is_active,
      })),
      unknownNames: found.unknownNames,
      unknownIds: found.unknownIds,
    };
  }
}
