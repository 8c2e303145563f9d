import { Inject, Injectable } from '@nestjs/common';
import {
  ANONYMOUS,
  LOOKUP_USERS_SUBJECT,
  param,
  type LookupUsersParams,
  type LookupUsersResult,
  type UserSummary,
} from '@tracker/contracts';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';

/**
 * Users belong to identity: the dispatcher asks, when it mails a change, for everyone the
 * change names (by id) and the global watchers and cc-list addresses (by login), with their
 * groups, permissions and whether they take mail. The mailer keeps none of it.
 */
@Injectable()
export class IdentityClient {
  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  async users(correlationId: string, ids: readonly number[], logins: readonly string[]): Promise<readonly UserSummary[]> {
    if (ids.length === 0 && logins.length === 0) return [];
    const params: LookupUsersParams = { ids, logins, withAccess: true, withMail: true };
    const result = await this.bus.request<LookupUsersResult, LookupUsersParams>(LOOKUP_USERS_SUBJECT, {
      auth: ANONYMOUS,
      correlationId,
      params,
    });
    return result.users;
  }

  /** One user by id (all digits) or login, as `/rest/user/{id_or_name}` names them; undefined when there is none. */
  async user(correlationId: string, idOrName: string): Promise<UserSummary | undefined> {
    const byId = /^\d+$/.test(idOrName);
    // an id beyond 32 bits names nobody (and must not reach identity's integer column)
    if (byId && Number(idOrName) > param.INT_MAX) return undefined;
    const found = await this.users(correlationId, byId ? [Number(idOrName)] : [], byId ? [] : [idOrName]);
    return found[0];
  }
}
