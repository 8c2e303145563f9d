import { LOOKUP_USERS_SUBJECT, type LookupUsersParams, type LookupUsersResult, type ServiceRequest, type UserSummary } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { UserQueries } from '../read-model/users.queries';
import { uniqueRows } from './unique-rows';

/**
 * What other services ask identity at the moment of a request: which accounts exist, by
 * login (case-insensitively) or id. Answers in the order asked, logins before ids, each
 * once; unknown ones are listed back for the caller's own error.
 */
@MessageHandler(LOOKUP_USERS_SUBJECT)
export class LookupUsersHandler {
  constructor(private readonly users: UserQueries) {}

  async handle({ params }: ServiceRequest<LookupUsersParams>): Promise<LookupUsersResult> {
    const logins = params.logins ?? [];
    const ids = params.ids ?? [];
    const [byLogin, byId] = await Promise.all([this.users.byLogins(logins), this.users.byIds(ids)]);
    const loginKey = new Map(byLogin.map((row) => [row.login.toLowerCase(), row]));
    const idKey = new Map(byId.map((row) => [row.id, row]));
    const found = [...logins.map((login) => loginKey.get(login.toLowerCase())), ...ids.map((id) => idKey.get(id))];
    return {
      users: uniqueRows(found).map(
        (row): UserSummary => ({ id: row.id, login: row.login, realName: row.real_name, email: row.login, canLogin: row.disabled_text === '' }),
      ),
      unknownLogins: logins.filter((login) => !loginKey.has(login.toLowerCase())),
      unknownIds: ids.filter((id) => !idKey.has(id)),
    };
  }
}
