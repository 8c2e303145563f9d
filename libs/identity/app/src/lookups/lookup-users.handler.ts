import { Inject } from '@nestjs/common';
import {
  LOOKUP_USERS_SUBJECT,
  type LookupUsersParams,
  type LookupUsersResult,
  type ServiceRequest,
  type UserAccess,
} from '@tracker/contracts';
import { permissionsFor } from '@tracker/identity/domain';
import { MessageHandler } from '@tracker/platform/messaging';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../identity.options';
import { UserQueries, type UserRow } from '../read-model/users.queries';
import { lookupRows } from './lookup-rows';

/**
 * What other services ask identity at the moment of a request: which accounts exist, by
 * login or id; `withAccess` adds each one's groups and permissions as their AuthContext
 * would carry them (the flags service's requestee and setter checks).
 */
@MessageHandler(LOOKUP_USERS_SUBJECT)
export class LookupUsersHandler {
  constructor(
    private readonly users: UserQueries,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

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
        ...(params.withAccess ? { access: this.accessOf(row) } : {}),
        ...(params.withMail ? { emailEnabled: row.email_enabled } : {}),
      })),
      unknownLogins: found.unknownNames,
      unknownIds: found.unknownIds,
    };
  }

  private accessOf(row: UserRow): UserAccess {
    return {
      groupIds: row.group_ids,
      permissions: permissionsFor(row.group_names, {
        insider: this.options.insiderGroup,
        timetracker: this.options.timetrackingGroup,
        commentTagger: this.options.commentTaggersGroup,
      }),
    };
  }
}
