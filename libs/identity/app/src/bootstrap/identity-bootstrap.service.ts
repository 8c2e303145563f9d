import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { apiKeyStream, ErrorCode, groupStream, isDomainError, userStream } from '@tracker/contracts';
import { ADMIN_GROUP, apiKeyDecider, groupDecider, systemGroups, userDecider } from '@tracker/identity/domain';
import { type CommandContext, CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences, KeyedLocks, READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../identity.options';
import { CredentialQueries } from '../read-model/credentials.queries';
import { GroupQueries } from '../read-model/groups.queries';
import { UserQueries } from '../read-model/users.queries';
import { hashPassword } from '../security/password-hasher';
import { newApiKey, randomAlphanumeric, secretHash } from '../security/secrets';
import { printGeneratedAdmin } from './generated-admin.banner';
import type { IdentitySequence, IdentityLock } from '../identity.sequences';

/**
 * First start of an installation: the system groups of a fresh Bugzilla plus Tracker's
 * insider and time-tracking groups, then the administrator (direct member of every
 * system group, and able to bless them), then its API key if one is configured. Every
 * step looks before it creates, and the whole runs under a lock shared by every replica,
 * so any number of identity processes may start at once, and restarts change nothing.
 */
@Injectable()
export class IdentityBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('IdentityBootstrap');

  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<IdentitySequence>,
    private readonly locks: KeyedLocks<IdentityLock>,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly groups: GroupQueries,
    private readonly users: UserQueries,
    private readonly credentials: CredentialQueries,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.run();
    } catch (error) {
      // a read model stopped at an event it cannot apply: start anyway, serve what it can, and say why
      if (!isDomainError(error) || error.code !== ErrorCode.serviceUnavailable) throw error;
      this.logger.error(`identity starts without checking its installation: ${error.message}`);
    }
  }

  async run(): Promise<void> {
    await this.locks.withLock('bootstrap', ['identity'], async () => {
      // what exists is what the log says: on a dropped read model the replay must finish first
      await this.readModel.catchUp();
      const context = this.commands.systemContext(`bootstrap-${randomUUID()}`);
      const systemGroupIds = await this.ensureSystemGroups(context);
      await this.ensureAdministrator(context, systemGroupIds);
    });
  }

  private async ensureSystemGroups(context: CommandContext): Promise<number[]> {
    const ids = new Map((await this.groups.all()).map((group) => [group.name.toLowerCase(), group.id]));
    const definitions = systemGroups({ insider: this.options.insiderGroup, timetracker: this.options.timetrackingGroup });
    for (const definition of definitions) {
      if (ids.has(definition.name.toLowerCase())) continue;
      const groupId = await this.ids.next('group_ids');
      // Bugzilla's admin group is granted membership and bless of every group created after it
      const admin = ids.get(ADMIN_GROUP);
      const adminGrant = admin === undefined ? [] : [admin];
      const inheritedBy = definition.inheritedBy.flatMap((name) => {
        const id = ids.get(name);
        return id === undefined ? [] : [id];
      });
      await this.commands.run(
        groupDecider,
        groupStream(groupId),
        {
          kind: 'CreateGroup',
          groupId,
          name: definition.name,
          description: definition.description,
          userRegexp: definition.userRegexp,
          isActive: true,
          iconUrl: null,
          isBugGroup: false,
          memberGroupIds: [...adminGrant, ...inheritedBy],
          blessGroupIds: adminGrant,
        },
        context,
      );
      ids.set(definition.name.toLowerCase(), groupId);
      this.logger.log(`created system group ${definition.name} (${groupId})`);
    }
    return definitions.flatMap((definition) => {
      const id = ids.get(definition.name.toLowerCase());
      return id === undefined ? [] : [id];
    });
  }

  private async ensureAdministrator(context: CommandContext, systemGroupIds: readonly number[]): Promise<void> {
    const { admin } = this.options;
    const existing = await this.users.byLogin(admin.login);
    if (existing) {
      // a key set later in the settings is added to the existing account; nothing else changes
      if (admin.apiKey !== undefined) await this.ensureApiKey(context, existing.id, admin.apiKey);
      return;
    }
    const generated = admin.generateSecrets ? { password: randomAlphanumeric(16), apiKey: newApiKey() } : undefined;
    const password = admin.password ?? generated?.password;
    const userId = await this.ids.next('user_ids');
    await this.commands.run(
      userDecider,
      userStream(userId),
      {
        kind: 'CreateUser',
        userId,
        login: admin.login,
        realName: admin.realName,
        passwordHash: password ? await hashPassword(password) : null,
        groups: systemGroupIds,
        blessGroups: systemGroupIds,
      },
      context,
    );
    this.logger.log(`created the administrator ${admin.login} (${userId})`);
    const apiKey = admin.apiKey ?? generated?.apiKey;
    if (apiKey !== undefined) await this.ensureApiKey(context, userId, apiKey);
    if (generated) printGeneratedAdmin(admin.login, generated.password, generated.apiKey);
  }

  private async ensureApiKey(context: CommandContext, userId: number, apiKey: string): Promise<void> {
    const keyHash = secretHash(apiKey);
    if ((await this.credentials.apiKeyIdByHash(keyHash)) !== undefined) return;
    const keyId = await this.ids.next('api_key_ids');
    await this.commands.run(
      apiKeyDecider,
      apiKeyStream(keyId),
      { kind: 'CreateApiKey', keyId, userId, keyHash, description: 'administrator key from the installation settings' },
      context,
    );
  }
}
