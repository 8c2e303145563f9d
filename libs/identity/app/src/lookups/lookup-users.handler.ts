import { LOOKUP_USERS_SUBJECT, type LookupUsersParams, type LookupUsersResult, type ServiceRequest } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { UserQueries } from '../read-model/users.queries';
import { lookupRows } from './lookup-rows';

/** What other services ask identity at the moment of a request: which accounts exist, by login or id. */
@MessageHandler(LOOKUP_USERS_SUBJECT)
export class LookupUsersHandler {
  constructor(private readonly users: UserQueries) {}

  async handle({ params }: ServiceRequest<LookupUsersParams>): Promise<LookupUsersResult> {
    const finder = {
      byNames: (logins: readonly string[]) => this.users.byLogins(logins),
      byIds: (ids: readonly number[]) => this.users.byIds(ids),
    };
    const found = await lookupRows(params.logins ?? [], params.ids ?? [], finder, (row) => row.login);
    return {
      users: found.rows.map((row) => ({
        id: row.id,
        login: row.login,
        realName: row.real_name,
        email: row.login,
        canLogin: row.disabled_text === '',
      })),
      unknownLogins: found.unknownNames,
      unknownIds: found.unknownIds,
    };
  }
}
