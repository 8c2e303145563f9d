import { assertNever, type Decider, type DomainError, type UserEvent } from '@tracker/contracts';
import { IdentityErrors } from '../identity.errors';
import type { ChangeUser, CreateUser, GroupChange, UserCommand } from './user.commands';
import { checkUserTexts } from './user-text.rules';
import { evolveUser, initialUserState, type PresentUser, type UserState } from './user.state';

/** The decider of `user-<id>` streams. */
export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: (command: UserCommand, state: UserState): readonly UserEvent[] | DomainError => {
    switch (command.kind) {
      case 'CreateUser':
        return createUser(command, state);
      case 'ChangeUser':
        return state.status === 'absent' ? IdentityErrors.noUserWithId(command.userId) : changeUser(command, state);
      default:
        return assertNever(command, 'user command');
    }
  },
};

function createUser(command: CreateUser, state: UserState): readonly UserEvent[] | DomainError {
  if (state.status === 'present') return IdentityErrors.accountExists(state.login);
  const tooLong = checkUserTexts(command);
  if (tooLong) return tooLong;
  const events: UserEvent[] = [{ type: 'UserCreated', data: { userId: command.userId, login: command.login, realName: command.realName } }];
  if (command.passwordHash !== null) events.push({ type: 'UserPasswordSet', data: { passwordHash: command.passwordHash } });
  if (command.groups.length > 0) events.push({ type: 'UserGroupsChanged', data: { added: unique(command.groups), removed: [] } });
  if (command.blessGroups.length > 0) {
    events.push({ type: 'UserBlessGroupsChanged', data: { added: unique(command.blessGroups), removed: [] } });
  }
  return events;
}

function changeUser(command: ChangeUser, state: PresentUser): readonly UserEvent[] | DomainError {
  const tooLong = checkUserTexts(command);
  if (tooLong) return tooLong;
  const events: UserEvent[] = [];
  if (command.realName !== undefined && command.realName !== state.realName) {
    events.push({ type: 'UserRealNameChanged', data: { previous: state.realName, realName: command.realName } });
  }
  if (command.login !== undefined && command.login !== state.login) {
    events.push({ type: 'UserLoginChanged', data: { previous: state.login, login: command.login } });
  }
  if (command.passwordHash !== undefined) events.push({ type: 'UserPasswordSet', data: { passwordHash: command.passwordHash } });
  if (command.emailEnabled !== undefined && command.emailEnabled !== state.emailEnabled) {
    events.push({ type: 'UserMailPreferenceChanged', data: { emailEnabled: command.emailEnabled } });
  }
  if (command.disabledText !== undefined && command.disabledText !== state.disabledText) {
    events.push(
      command.disabledText === ''
        ? { type: 'UserLoginAllowed', data: { previousText: state.disabledText } }
        : { type: 'UserLoginDenied', data: { previousText: state.disabledText, text: command.disabledText } },
    );
  }
  const groups = command.groups && diff(state.groups, command.groups, command.blessable);
  if (groups) events.push({ type: 'UserGroupsChanged', data: groups });
  const bless = command.blessGroups && diff(state.blessGroups, command.blessGroups, command.blessable);
  if (bless) events.push({ type: 'UserBlessGroupsChanged', data: bless });
  return events;
}

/** The direct memberships added and removed by a change, or undefined when there are none. */
function diff(
  current: readonly number[],
  change: GroupChange,
  blessable: readonly number[] | 'all',
): { added: number[]; removed: number[] } | undefined {
  let next: number[];
  if ('set' in change) {
    const kept = blessable === 'all' ? [] : current.filter((id) => !blessable.includes(id));
    next = unique([...change.set, ...kept]);
  } else {
    next = current.filter((id) => !change.remove.includes(id));
    for (const id of change.add) if (!next.includes(id)) next.push(id);
  }
  const added = next.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !next.includes(id));
  return added.length > 0 || removed.length > 0 ? { added, removed } : undefined;
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}
