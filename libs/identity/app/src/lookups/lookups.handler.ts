import { Injectable } from '@nestjs/common';
import type { GroupSummary, LookupGroupsParams, LookupGroupsResult, LookupUsersParams, LookupUsersResult, UserSummary } from '@tracker/contracts';
import { GroupQueries } from '../read-model/groups.queries';
import { UserQueries } from '../read-model/users.queries';

/**
 * What other services ask identity at the moment of a request: which accounts and groups
 * exist, by login or name (case-insensitively) or id. Answers in the order asked, names
 * before ids, each once; unknown ones are listed back for the caller's own error.
 */
@Injectable()
export class LookupsHandler {
  constructor(
    private readonly users: UserQueries,
    private readonly groups: GroupQueries,
  ) {}

  async lookupUsers(params: LookupUsersParams): Promise<LookupUsersResult> {
    const logins = params.logins ?? [];
    const ids = params.ids ?? [];
    const [byLogin, byId] = await Promise.all([this.users.byLogins(logins), this.users.byIds(ids)]);
    const loginKey = new Map(byLogin.map((row) => [row.login.toLowerCase(), row]));
    const idKey = new Map(byId.map((row) => [row.id, row]));
    const found = [...logins.map((login) => loginKey.get(login.toLowerCase())), ...ids.map((id) => idKey.get(id))];
    return {
      users: unique(found.flatMap((row) => (row ? [row] : []))).map(
        (row): UserSummary => ({ id: row.id, login: row.login, realName: row.real_name, email: row.login, canLogin: row.disabled_text === '' }),
      ),
      unknownLogins: logins.filter((login) => !loginKey.has(login.toLowerCase())),
      unknownIds: ids.filter((id) => !idKey.has(id)),
    };
  }

  async lookupGroups(params: LookupGroupsParams): Promise<LookupGroupsResult> {
    const names = params.names ?? [];
    const ids = params.ids ?? [];
    const [byName, byId] = await Promise.all([this.groups.byNames(names), this.groups.byIds(ids)]);
    const nameKey = new Map(byName.map((row) => [row.name.toLowerCase(), row]));
    const idKey = new Map(byId.map((row) => [row.id, row]));
    const found = [...names.map((name) => nameKey.get(name.toLowerCase())), ...ids.map((id) => idKey.get(id))];
    return {
      groups: unique(found.flatMap((row) => (row ? [row] : []))).map(
        (row): GroupSummary => ({ id: row.id, name: row.name, description: row.description, isBugGroup: row.is_bug_group, isActive: row.is_active }),
      ),
      unknownNames: names.filter((name) => !nameKey.has(name.toLowerCase())),
      unknownIds: ids.filter((id) => !idKey.has(id)),
    };
  }
}

function unique<T extends { readonly id: number }>(rows: readonly T[]): T[] {
  const byId = new Map<number, T>();
  for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()];
}
