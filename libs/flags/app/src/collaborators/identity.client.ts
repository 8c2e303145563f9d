import { Inject, Injectable } from '@nestjs/common';
import {
  LOOKUP_GROUPS_SUBJECT,
  LOOKUP_USERS_SUBJECT,
  type NamedRef,
  type LookupGroupsParams,
  type LookupGroupsResult,
  type LookupUsersParams,
  type LookupUsersResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';

type Caller = Pick<ServiceRequest, 'auth' | 'correlationId'>;

/**
 * Users and groups belong to identity: the flags service asks at the moment of the request
 * (the groups a flag type names, requestees and setters) and keeps only ids and names.
 * Unknown names are left out: the deciders raise their own errors in Bugzilla's order.
 */
@Injectable()
export class IdentityClient {
  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  /** The groups of these names (any case) that exist. */
  async groupsByName(caller: Caller, names: readonly string[]): Promise<NamedRef[]> {
    const wanted = [...new Set(names.map((name) => name.trim()).filter((name) => name !== ''))];
    if (wanted.length === 0) return [];
    const result = await this.bus.request<LookupGroupsResult, LookupGroupsParams>(LOOKUP_GROUPS_SUBJECT, {
      ...caller,
      params: { names: wanted },
    });
    return result.groups.map((group) => ({ id: group.id, name: group.name }));
  }

  /** Users by login and/or id, as identity's lookup answers (unknown ones listed back). */
  async users(caller: Caller, params: LookupUsersParams): Promise<LookupUsersResult> {
    if ((params.logins?.length ?? 0) === 0 && (params.ids?.length ?? 0) === 0) return { users: [], unknownLogins: [], unknownIds: [] };
    return this.bus.request<LookupUsersResult, LookupUsersParams>(LOOKUP_USERS_SUBJECT, { ...caller, params });
  }
}
