import { Injectable } from '@nestjs/common';
import { CommonErrors, DomainError, hasPermission, isLoggedIn, type ServiceRequest } from '@tracker/contracts';
import { IdentityClient } from '../collaborators/identity.client';

/**
 * Whose mail preferences or watch list a request reads or writes (docs/mail.md §10-11): the user named by
 * `id_or_name`, which must be the caller, unless the caller has `editusers`. Identity is
 * asked who that is; a name it does not know is 51, as for `/rest/user/{id_or_name}`.
 */
@Injectable()
export class MailPreferencesOwner {
  constructor(private readonly identity: IdentityClient) {}

  async resolve(request: ServiceRequest<{ readonly id_or_name: string }>, action: string): Promise<number> {
    const { auth, params } = request;
    if (!isLoggedIn(auth)) throw CommonErrors.loginRequired();
    const user = await this.identity.user(request.correlationId, params.id_or_name.trim());
    if (!user) {
      throw new DomainError(
        'objectDoesNotExist',
        /^\d+$/.test(params.id_or_name.trim())
          ? `There is no user with the id '${params.id_or_name}'.`
          : `There is no user named '${params.id_or_name}'.`,
      );
    }
    if (user.id !== auth.userId && !hasPermission(auth, 'editusers')) throw CommonErrors.notInGroup('editusers', action);
    return user.id;
  }
}
