import { Inject, Injectable } from '@nestjs/common';
import {
  LOOKUP_GROUPS_SUBJECT,
  LOOKUP_USERS_SUBJECT,
  type GroupSummary,
  type LookupGroupsParams,
  type LookupGroupsResult,
  type LookupUsersParams,
  type LookupUsersResult,
  type ServiceRequest,
  type UserSummary,
} from '@tracker/contracts';
import { CatalogErrors } from '@tracker/catalog/domain';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';

type Caller = Pick<ServiceRequest, 'auth' | 'correlationId'>;

/**
 * Users and groups belong to identity: the catalog asks at the moment of the request
 * (default assignees, group controls) and stores only their ids.
 */
@Injectable()
export class IdentityClient {
  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  /** Users by login; an unknown login is Bugzilla's error 51 naming it. */
  async usersByLogin(caller: Caller, logins: readonly string[]): Promise<Map<string, UserSummary>> {
    const wanted = [...new Set(logins.map((login) => login.trim()).filter((login) => login !== ''))];
    if (wanted.length === 0) return new Map();
    const result = await this.lookupUsers(caller, { logins: wanted });
    const unknown = result.unknownLogins[0];
    if (unknown !== undefined) throw CatalogErrors.objectDoesNotExist('user', unknown);
    return new Map(result.users.map((user) => [user.login.toLowerCase(), user]));
  }

  /** Users by id; ids identity does not know are left out. */
  async usersById(caller: Caller, ids: readonly number[]): Promise<Map<number, UserSummary>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const result = await this.lookupUsers(caller, { ids: wanted });
    return new Map(result.users.map((user) => [user.id, user]));
  }

  /** Groups by name; an unknown name is error 51 naming it. */
  async groupsByName(caller: Caller, names: readonly string[]): Promise<Map<string, GroupSummary>> {
    const wanted = [...new Set(names.map((name) => name.trim()))];
    if (wanted.length === 0) return new Map();
    const result = await this.lookupGroups(caller, { names: wanted });
    const unknown = result.unknownNames[0];
    if (unknown !== undefined) throw CatalogErrors.objectDoesNotExist('group', unknown);
    return new Map(result.groups.map((group) => [group.name.toLowerCase(), group]));
  }

  async groupsById(caller: Caller, ids: readonly number[]): Promise<Map<number, GroupSummary>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const result = await this.lookupGroups(caller, { ids: wanted });
    return new Map(result.groups.map((group) => [group.id, group]));
  }

  private lookupUsers(caller: Caller, params: LookupUsersParams): Promise<LookupUsersResult> {
    return this.bus.request<LookupUsersResult, LookupUsersParams>(LOOKUP_USERS_SUBJECT, { ...caller, params });
  }

  private lookupGroups(caller: Caller, params: LookupGroupsParams): Promise<LookupGroupsResult> {
    return this.bus.request<LookupGroupsResult, LookupGroupsParams>(LOOKUP_GROUPS_SUBJECT, { ...caller, params });
  }
}
