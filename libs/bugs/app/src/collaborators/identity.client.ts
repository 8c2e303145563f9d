import { Inject, Injectable } from '@nestjs/common';
import {
  LOOKUP_USERS_SUBJECT,
  type LookupUsersParams,
  type LookupUsersResult,
  type ServiceRequest,
  type UserSummary,
} from '@tracker/contracts';
import type { UserDirectory } from '@tracker/bugs/domain';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';

/** Identity's users, asked at the moment of the request (`identity.users.lookup`). */
@Injectable()
export class IdentityClient {
  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  /** The users behind these logins, by lower-cased login; unknown logins are simply absent. */
  async directory(request: ServiceRequest, logins: readonly string[]): Promise<UserDirectory> {
    const wanted = [...new Set(logins.map((login) => login.trim()).filter((login) => login !== ''))];
    if (wanted.length === 0) return new Map();
    const result = await this.lookup(request, { logins: wanted });
    return new Map(result.users.map((user) => [user.login.toLowerCase(), { id: user.id, login: user.login }]));
  }

  async byIds(request: ServiceRequest, ids: readonly number[]): Promise<readonly UserSummary[]> {
    if (ids.length === 0) return [];
    return (await this.lookup(request, { ids: [...new Set(ids)] })).users;
  }

  private lookup(request: ServiceRequest, params: LookupUsersParams): Promise<LookupUsersResult> {
    return this.bus.request<LookupUsersResult, LookupUsersParams>(LOOKUP_USERS_SUBJECT, {
      auth: request.auth,
      correlationId: request.correlationId,
      params,
    });
  }
}
