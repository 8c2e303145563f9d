import {
  CommonErrors,
  CREATE_GROUP_SUBJECT,
  type CreateGroupParams,
  type CreateGroupResult,
  groupStream,
  hasPermission,
  isDomainError,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import {
  ADMIN_GROUP,
  checkGroupDescription,
  checkGroupName,
  checkUserRegexp,
  groupDecider,
  IdentityErrors,
} from '@tracker/identity/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences, KeyedLocks } from '@tracker/platform/read-model';
import { GroupQueries } from '../read-model/groups.queries';
import type { IdentitySequence, IdentityLock } from '../identity.sequences';

/**
 * Bugzilla's Group.create (creategroups): always a bug group, active unless told otherwise;
 * the admin group becomes a member of it and may bless it (Bugzilla's Group->create), so
 * administrators are in every group. The name is unique case-insensitively, checked under
 * a lock on it across replicas; values are validated before an id is taken.
 */
@MessageHandler(CREATE_GROUP_SUBJECT)
export class CreateGroupHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<IdentitySequence>,
    private readonly locks: KeyedLocks<IdentityLock>,
    private readonly groups: GroupQueries,
  ) {}

  async handle(request: ServiceRequest<CreateGroupParams>): Promise<CreateGroupResult> {
    const { auth, params } = request;
    if (auth.userId === null) throw CommonErrors.loginRequired();
    if (!hasPermission(auth, 'creategroups')) throw IdentityErrors.notInGroup('creategroups', 'add new', 'groups');
    const name = checkGroupName(params.name ?? '');
    if (isDomainError(name)) throw name;
    return this.locks.withLock('group-name', [name.toLowerCase()], async () => {
      if (await this.groups.byName(name)) throw IdentityErrors.groupExists(name);
      for (const checked of [checkGroupDescription(params.description ?? ''), checkUserRegexp(params.user_regexp ?? '')]) {
        if (isDomainError(checked)) throw checked;
      }
      const admin = await this.groups.byName(ADMIN_GROUP);
      const adminGrant = admin ? [admin.id] : [];
      const groupId = await this.ids.next('group_ids');
      await this.commands.run(
        groupDecider,
        groupStream(groupId),
        {
          kind: 'CreateGroup',
          groupId,
          name,
          description: params.description ?? '',
          userRegexp: params.user_regexp ?? '',
          isActive: params.is_active ?? true,
          iconUrl: params.icon_url ?? null,
          isBugGroup: true,
          memberGroupIds: adminGrant,
          blessGroupIds: adminGrant,
        },
        this.commands.context(request),
      );
      return { id: groupId };
    });
  }
}
