import { Inject } from '@nestjs/common';
import {
  type AuthContext,
  GET_USERS_SUBJECT,
  type GetUsersParams,
  type GetUsersResult,
  hasPermission,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { FieldFilter } from '@tracker/field-filter';
import { IdentityErrors } from '@tracker/identity/domain';
import { CallerRights } from '../caller/caller-rights';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../identity.options';
import { GroupQueries } from '../read-model/groups.queries';
import { type UserRow, UserQueries } from '../read-model/users.queries';
import { userObject, type UserViewer } from './user-objects';

/**
 * Bugzilla's User.get: users by `names` (each must exist), `ids` (unknown ones skipped;
 * logged-in callers only) and `match` strings (logged-in callers only), in that order and
 * each once, then kept only if in one of `group_ids` / `groups`.
 */
@MessageHandler(GET_USERS_SUBJECT)
export class GetUsersHandler {
  constructor(
    private readonly users: UserQueries,
    private readonly groups: GroupQueries,
    private readonly rights: CallerRights,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  async handle(request: ServiceRequest<GetUsersParams>): Promise<GetUsersResult> {
    const { auth, params } = request;
    if (!params.ids && !params.names && !params.match) throw IdentityErrors.paramsRequired('User.get', ['ids', 'names', 'match']);
    const byName = await this.byNames(params.names ?? []);
    if (auth.userId === null) {
      if (params.ids) throw IdentityErrors.userAccessByIdDenied();
      if (params.match) throw IdentityErrors.userAccessByMatchDenied();
    }
    const byId = await this.users.byIds(params.ids ?? []);
    const matched = await this.matches(params);
    const found = await this.inGroups(unique([...byName, ...byId, ...matched]), params, auth);
    const viewer = await this.viewer(request);
    return { users: found.map((user) => userObject(user, viewer)) };
  }

  private async byNames(names: readonly string[]): Promise<UserRow[]> {
    const rows = await this.users.byLogins(names);
    const byLogin = new Map(rows.map((row) => [row.login.toLowerCase(), row]));
    return names.map((name) => {
      const row = byLogin.get(name.toLowerCase());
      if (!row) throw IdentityErrors.noUserNamed(name);
      return row;
    });
  }

  /** Bugzilla's User::match per string: `*` wildcards, else the exact login, then (3+ characters) a substring. */
  private async matches(params: GetUsersParams): Promise<UserRow[]> {
    if (params.limit !== undefined && params.limit < 0) throw IdentityErrors.mustBeNumeric('limit', 'Tracker::User::match');
    const limit = params.limit ? Math.min(params.limit, this.options.maxUserMatches) : this.options.maxUserMatches;
    const excludeDisabled = !params.include_disabled;
    const found: UserRow[] = [];
    for (const raw of params.match ?? []) {
      const text = raw.trim();
      if (text === '') continue;
      let rows = await this.users.match(text, text.includes('*') ? 'wildcard' : 'exact', limit, excludeDisabled);
      if (rows.length === 0 && text.length >= 3) rows = await this.users.match(text, 'substring', limit, excludeDisabled);
      found.push(...rows);
    }
    return found;
  }

  /** `group_ids` must exist (51); `groups` must exist and hold the caller (804); a user in any of them stays. */
  private async inGroups(users: UserRow[], params: GetUsersParams, auth: AuthContext): Promise<UserRow[]> {
    if (!params.group_ids && !params.groups) return users;
    const wanted = new Set<number>();
    const byId = new Map((await this.groups.byIds(params.group_ids ?? [])).map((group) => [group.id, group]));
    for (const id of params.group_ids ?? []) {
      if (!byId.has(id)) throw IdentityErrors.noGroupWithId(id);
      wanted.add(id);
    }
    for (const name of params.groups ?? []) {
      const group = await this.groups.byName(name);
      if (!group || !auth.groupIds.includes(group.id)) throw IdentityErrors.invalidGroupName(name);
      wanted.add(group.id);
    }
    return users.filter((user) => user.group_ids.some((id) => wanted.has(id)));
  }

  private async viewer({ auth, fields }: ServiceRequest): Promise<UserViewer> {
    const filter = new FieldFilter(fields);
    const isEditUsers = hasPermission(auth, 'editusers');
    const wantsGroups = auth.userId !== null && filter.wants('groups');
    const visibleGroups = wantsGroups
      ? { all: await this.groups.all(), blessable: new Set(isEditUsers ? [] : await this.rights.blessable(auth)) }
      : null;
    return {
      userId: auth.userId,
      isEditUsers,
      visibleGroups,
      wantsSavedSearches: filter.wants('saved_searches'),
      wantsSavedReports: filter.wants('saved_reports'),
    };
  }
}

function unique(rows: readonly UserRow[]): UserRow[] {
  const byId = new Map<number, UserRow>();
  for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()];
}
