import {
  type ChangeReport,
  CommonErrors,
  groupStream,
  hasPermission,
  isDomainError,
  type ServiceRequest,
  UPDATE_GROUP_SUBJECT,
  type UpdateGroupParams,
  type UpdateGroupsResult,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { checkGroupDescription, checkGroupName, checkUserRegexp, groupDecider, IdentityErrors } from '@tracker/identity/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { KeyedLocks } from '@tracker/platform/read-model';
import { type GroupRow, GroupQueries } from '../read-model/groups.queries';
import { groupChangeReport } from './group-change.report';
import type { IdentityLock } from '../identity.sequences';

/**
 * Bugzilla's Group.update (creategroups). Groups by `names` then `ids` (unknown: 51);
 * unknown keys refused (67399); values validated before the first group changes; a new
 * name unique case-insensitively, under a lock on it. A user regexp change re-derives
 * everybody's memberships (the projection does it).
 */
@MessageHandler(UPDATE_GROUP_SUBJECT)
export class UpdateGroupHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly locks: KeyedLocks<IdentityLock>,
    private readonly groups: GroupQueries,
  ) {}

  async handle(request: ServiceRequest<UpdateGroupParams>): Promise<UpdateGroupsResult> {
    const { auth, params } = request;
    if (auth.userId === null) throw CommonErrors.loginRequired();
    if (!hasPermission(auth, 'creategroups')) throw IdentityErrors.notInGroup('creategroups', 'add, modify or delete', 'groups');
    if (!params.ids && !params.names) throw IdentityErrors.paramsRequired('Group.update', ['ids', 'names']);
    const targets = await this.targets(params);
    const unknown = params.unknownFields[0];
    if (unknown !== undefined) throw IdentityErrors.unknownMethod('Group', unknown);
    const name = params.name === undefined ? undefined : checkGroupName(params.name);
    for (const checked of [
      name,
      params.description === undefined ? undefined : checkGroupDescription(params.description),
      params.user_regexp === undefined ? undefined : checkUserRegexp(params.user_regexp),
    ]) {
      if (isDomainError(checked)) throw checked;
    }
    // one name cannot go to several groups: the second one would find it taken
    if (typeof name === 'string' && targets.length > 1) throw IdentityErrors.groupExists(name);
    const reports: ChangeReport[] = [];
    for (const target of targets) reports.push(await this.change(request, target, typeof name === 'string' ? name : undefined));
    return { groups: reports };
  }

  private async targets(params: UpdateGroupParams): Promise<GroupRow[]> {
    const found = new Map<number, GroupRow>();
    for (const name of params.names ?? []) {
      const row = await this.groups.byName(name);
      if (!row) throw IdentityErrors.noGroupNamed(name);
      found.set(row.id, row);
    }
    const byId = await this.groups.byIds(params.ids ?? []);
    for (const id of params.ids ?? []) {
      const row = byId.find((group) => group.id === id);
      if (!row) throw IdentityErrors.noGroupWithId(id);
      found.set(row.id, row);
    }
    return [...found.values()];
  }

  private async change(request: ServiceRequest<UpdateGroupParams>, target: GroupRow, name: string | undefined): Promise<ChangeReport> {
    const { params } = request;
    const run = async (): Promise<ChangeReport> => {
      const result = await this.commands.run(
        groupDecider,
        groupStream(target.id),
        {
          kind: 'ChangeGroup',
          groupId: target.id,
          ...(name !== undefined ? { name } : {}),
          ...(params.description !== undefined ? { description: params.description } : {}),
          ...(params.user_regexp !== undefined ? { userRegexp: params.user_regexp } : {}),
          ...(params.is_active !== undefined ? { isActive: params.is_active } : {}),
          ...(params.icon_url !== undefined ? { iconUrl: params.icon_url } : {}),
        },
        this.commands.context(request),
      );
      return groupChangeReport(target.id, result.events);
    };
    if (name === undefined || name.toLowerCase() === target.name.toLowerCase()) return run();
    return this.locks.withLock('group-name', [name.toLowerCase()], async () => {
      if (await this.groups.byName(name)) throw IdentityErrors.groupExists(name);
      return run();
    });
  }
}
