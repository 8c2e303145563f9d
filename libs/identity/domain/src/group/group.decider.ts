import { assertNever, type Decider, type DomainError, type GroupEvent, isDomainError } from '@tracker/contracts';
import { IdentityErrors } from '../identity.errors';
import type { ChangeGroup, CreateGroup, GroupCommand } from './group.commands';
import { checkGroupDescription, checkGroupName, checkUserRegexp, cleanIconUrl } from './group.rules';
import { evolveGroup, type GroupState, initialGroupState, type PresentGroup } from './group.state';

/** The decider of `group-<id>` streams. Name uniqueness spans streams: the handler checks it under a lock. */
export const groupDecider: Decider<GroupState, GroupCommand, GroupEvent> = {
  initialState: initialGroupState,
  evolve: evolveGroup,
  decide: (command: GroupCommand, state: GroupState): readonly GroupEvent[] | DomainError => {
    switch (command.kind) {
      case 'CreateGroup':
        return createGroup(command, state);
      case 'ChangeGroup':
        return state.status === 'absent' ? IdentityErrors.noGroupWithId(command.groupId) : changeGroup(command, state);
      default:
        return assertNever(command, 'group command');
    }
  },
};

function createGroup(command: CreateGroup, state: GroupState): readonly GroupEvent[] | DomainError {
  if (state.status === 'present') return IdentityErrors.groupExists(state.name);
  const name = checkGroupName(command.name);
  if (isDomainError(name)) return name;
  const description = checkGroupDescription(command.description);
  if (isDomainError(description)) return description;
  const userRegexp = checkUserRegexp(command.userRegexp);
  if (isDomainError(userRegexp)) return userRegexp;
  const iconUrl = cleanIconUrl(command.iconUrl);
  if (isDomainError(iconUrl)) return iconUrl;
  return [
    {
      type: 'GroupCreated',
      data: {
        groupId: command.groupId,
        name,
        description,
        isBugGroup: command.isBugGroup,
        userRegexp,
        isActive: command.isActive,
        iconUrl,
        memberGroupIds: [...new Set(command.memberGroupIds)],
        blessGroupIds: [...new Set(command.blessGroupIds)],
      },
    },
  ];
}

function changeGroup(command: ChangeGroup, state: PresentGroup): readonly GroupEvent[] | DomainError {
  const events: GroupEvent[] = [];
  if (command.name !== undefined) {
    const name = checkGroupName(command.name);
    if (isDomainError(name)) return name;
    // Bugzilla's editgroups.cgi keeps system group names fixed: permissions hang on them
    if (name !== state.name && !state.isBugGroup) return IdentityErrors.systemGroupRename(state.name);
    if (name !== state.name) events.push({ type: 'GroupRenamed', data: { previous: state.name, name } });
  }
  if (command.description !== undefined) {
    const description = checkGroupDescription(command.description);
    if (isDomainError(description)) return description;
    if (description !== state.description) {
      events.push({ type: 'GroupDescriptionChanged', data: { previous: state.description, description } });
    }
  }
  if (command.userRegexp !== undefined) {
    const userRegexp = checkUserRegexp(command.userRegexp);
    if (isDomainError(userRegexp)) return userRegexp;
    if (userRegexp !== state.userRegexp) {
      events.push({ type: 'GroupUserRegexpChanged', data: { previous: state.userRegexp, userRegexp } });
    }
  }
  if (command.isActive !== undefined && command.isActive !== state.isActive) {
    events.push(command.isActive ? { type: 'GroupActivated', data: {} } : { type: 'GroupDeactivated', data: {} });
  }
  if (command.iconUrl !== undefined) {
    const iconUrl = cleanIconUrl(command.iconUrl);
    if (isDomainError(iconUrl)) return iconUrl;
    if (iconUrl !== state.iconUrl) events.push({ type: 'GroupIconChanged', data: { previous: state.iconUrl, iconUrl } });
  }
  return events;
}
