import { Inject } from '@nestjs/common';
import {
  CommonErrors,
  CREATE_USER_SUBJECT,
  type CreateUserParams,
  type CreateUserResult,
  hasPermission,
  isDomainError,
  type ServiceRequest,
  userStream,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { checkLoginName, checkPassword, IdentityErrors, userDecider } from '@tracker/identity/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences, KeyedLocks } from '@tracker/platform/read-model';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../identity.options';
import { UserQueries } from '../read-model/users.queries';
import { hashPassword } from '../security/password-hasher';
import type { IdentitySequence, IdentityLock } from '../identity.sequences';

/**
 * Bugzilla's User.create: editusers only (304 even for a logged-out caller), a login that
 * is a valid address and not taken (checked under a lock on the login, across replicas),
 * an optional password (blank: no password login until one is set).
 */
@MessageHandler(CREATE_USER_SUBJECT)
export class CreateUserHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<IdentitySequence>,
    private readonly locks: KeyedLocks<IdentityLock>,
    private readonly users: UserQueries,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  async handle(request: ServiceRequest<CreateUserParams>): Promise<CreateUserResult> {
    const { auth, params } = request;
    if (!hasPermission(auth, 'editusers')) throw IdentityErrors.notInGroup('editusers', 'add new', 'users');
    const email = params.email?.trim();
    if (!email) throw CommonErrors.paramRequired('email');
    const login = checkLoginName(email, new RegExp(this.options.emailRegexp));
    if (isDomainError(login)) throw login;
    const password = params.password?.trim() ?? '';
    return this.locks.withLock('login', [login.toLowerCase()], async () => {
      if (await this.users.byLogin(login)) throw IdentityErrors.accountExists(login);
      const weak =
        password === ''
          ? null
          : checkPassword(password, { minLength: this.options.passwordMinLength, complexity: this.options.passwordComplexity });
      if (weak) throw weak;
      const passwordHash = password === '' ? null : await hashPassword(password);
      const userId = await this.ids.next('user_ids');
      const realName = (params.full_name ?? params.name ?? '').trim();
      await this.commands.run(
        userDecider,
        userStream(userId),
        { kind: 'CreateUser', userId, login, realName, passwordHash, groups: [], blessGroups: [] },
        this.commands.context(request),
      );
      return { id: userId };
    });
  }
}
