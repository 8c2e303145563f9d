import { Inject } from '@nestjs/common';
import {
  type ChangeReport,
  CommonErrors,
  hasPermission,
  isDomainError,
  type ServiceRequest,
  UPDATE_USER_SUBJECT,
  type UpdateUserParams,
  type UpdateUsersResult,
  type UserEvent,
  userStream,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { type ChangeUser, checkLoginName, checkPassword, IdentityErrors, userDecider } from '@tracker/identity/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { KeyedLocks } from '@tracker/platform/read-model';
import { CallerRights } from '../caller/caller-rights';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../identity.options';
import { type GroupRow, GroupQueries } from '../read-model/groups.queries';
import { type UserRow, UserQueries } from '../read-model/users.queries';
import { hashPassword } from '../security/password-hasher';
import { resolveGroupChange } from './group-change.resolver';
import { userChangeReport } from './user-change.report';
import type { IdentityLock } from '../identity.sequences';

/** A validated change, the same for every target; the password is hashed per target (its own salt). */
type Plan = Omit<ChangeUser, 'kind' | 'userId' | 'passwordHash' | 'blessable'> & { readonly password?: string };

/**
 * Bugzilla's User.update. editusers members change anything; a caller who may only bless
 * some groups changes `groups` (within those) and nothing else, as the contract says.
 * Everything is validated before the first user is changed.
 */
@MessageHandler(UPDATE_USER_SUBJECT)
export class UpdateUserHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly locks: KeyedLocks<IdentityLock>,
    private readonly users: UserQueries,
    private readonly groups: GroupQueries,
    private readonly rights: CallerRights,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  async handle(request: ServiceRequest<UpdateUserParams>): Promise<UpdateUsersResult> {
    const { auth, params } = request;
    if (auth.userId === null) throw CommonErrors.loginRequired();
    const isEditUsers = hasPermission(auth, 'editusers');
    const blessable = await this.rights.blessable(auth);
    if (!isEditUsers && blessable.length === 0) throw IdentityErrors.notInGroup('editusers', 'add, modify or delete', 'users');
    if (!params.ids && !params.names) throw IdentityErrors.paramsRequired('User.update', ['ids', 'names']);
    const targets = await this.targets(params);
    const unknown = params.unknownFields[0];
    if (unknown !== undefined) throw IdentityErrors.unknownMethod('User', unknown);
    const groups = await this.groups.all();
    const plan = this.plan(params, isEditUsers, new Set(blessable), groups, targets.length);
    const names = new Map(groups.map((group) => [group.id, group.name]));
    const reports: ChangeReport[] = [];
    for (const target of targets) {
      const events = await this.apply(request, target, { ...plan, blessable: isEditUsers ? 'all' : blessable });
      reports.push(userChangeReport(target.id, events, (id) => names.get(id) ?? String(id)));
    }
    return { users: reports };
  }

  /** `names` then `ids`, each once; an unknown one is an error (51). */
  private async targets(params: UpdateUserParams): Promise<UserRow[]> {
    const names = params.names ?? [];
    const ids = params.ids ?? [];
    const [byLogin, byId] = await Promise.all([this.users.byLogins(names), this.users.byIds(ids)]);
    const found = [
      ...names.map((name) => byLogin.find((row) => row.login.toLowerCase() === name.toLowerCase()) ?? IdentityErrors.noUserNamed(name)),
      ...ids.map((id) => byId.find((row) => row.id === id) ?? IdentityErrors.noUserWithId(id)),
    ];
    const unique = new Map<number, UserRow>();
    for (const row of found) {
      if (isDomainError(row)) throw row;
      unique.set(row.id, row);
    }
    return [...unique.values()];
  }

  private plan(
    params: UpdateUserParams,
    isEditUsers: boolean,
    blessable: ReadonlySet<number>,
    groups: readonly GroupRow[],
    targets: number,
  ): Plan {
    const groupChange = resolveGroupChange(params.groups, groups, blessable);
    if (!isEditUsers) return groupChange ? { groups: groupChange } : {};
    const login = params.email === undefined ? undefined : checkLoginName(params.email, new RegExp(this.options.emailRegexp));
    if (isDomainError(login)) throw login;
    // one login cannot go to several accounts: the second one would find it taken
    if (login !== undefined && targets > 1) throw IdentityErrors.accountExists(login);
    const password = params.password?.trim();
    const weak =
      password === undefined
        ? null
        : checkPassword(password, { minLength: this.options.passwordMinLength, complexity: this.options.passwordComplexity });
    if (weak) throw weak;
    const blessGroups = resolveGroupChange(params.bless_groups, groups, new Set(groups.map((group) => group.id)));
    return {
      ...(params.full_name !== undefined ? { realName: params.full_name.trim() } : {}),
      ...(login !== undefined ? { login } : {}),
      ...(password !== undefined ? { password } : {}),
      ...(params.email_enabled !== undefined ? { emailEnabled: params.email_enabled } : {}),
      ...(params.login_denied_text !== undefined ? { disabledText: params.login_denied_text.trim() } : {}),
      ...(groupChange ? { groups: groupChange } : {}),
      ...(blessGroups ? { blessGroups } : {}),
    };
  }

  private async apply(request: ServiceRequest, target: UserRow, plan: Plan & Pick<ChangeUser, 'blessable'>): Promise<readonly UserEvent[]> {
    const change = async (): Promise<readonly UserEvent[]> => {
      const { password, ...rest } = plan;
      const passwordHash = password === undefined ? {} : { passwordHash: await hashPassword(password) };
      const result = await this.commands.run(
        userDecider,
        userStream(target.id),
        { kind: 'ChangeUser', userId: target.id, ...rest, ...passwordHash },
        this.commands.context(request),
      );
      return result.events;
    };
    const login = plan.login;
    if (login === undefined) return change();
    return this.locks.withLock('login', [login.toLowerCase()], async () => {
      const holder = await this.users.byLogin(login);
      if (holder && holder.id !== target.id) throw IdentityErrors.accountExists(login);
      return change();
    });
  }
}
