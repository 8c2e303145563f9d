import type { UserEvent } from '@tracker/contracts';

/** A user account as its own stream knows it; memberships here are the direct ones only. */
export type UserState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'present';
      readonly id: number;
      readonly login: string;
      readonly realName: string;
      readonly passwordHash: string | null;
      readonly emailEnabled: boolean;
      /** '' while the account may log in */
      readonly disabledText: string;
      readonly groups: readonly number[];
      readonly blessGroups: readonly number[];
    };

export type PresentUser = Extract<UserState, { status: 'present' }>;

export const initialUserState = (): UserState => ({ status: 'absent' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserCreated') {
    const { userId, login, realName } = event.data;
    return {
      status: 'present',
      id: userId,
      login,
      realName,
      passwordHash: null,
      emailEnabled: true,
      disabledText: '',
      groups: [],
      blessGroups: [],
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'UserRealNameChanged':
      return { ...state, realName: event.data.realName };
    case 'UserLoginChanged':
      return { ...state, login: event.data.login };
    case 'UserPasswordSet':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'UserMailPreferenceChanged':
      return { ...state, emailEnabled: event.data.emailEnabled };
    case 'UserLoginDenied':
      return { ...state, disabledText: event.data.text };
    case 'UserLoginAllowed':
      return { ...state, disabledText: '' };
    case 'UserGroupsChanged':
      return { ...state, groups: applyDiff(state.groups, event.data) };
    case 'UserBlessGroupsChanged':
      return { ...state, blessGroups: applyDiff(state.blessGroups, event.data) };
  }
}

function applyDiff(current: readonly number[], diff: { added: readonly number[]; removed: readonly number[] }): number[] {
  const removed = new Set(diff.removed);
  return [...current.filter((id) => !removed.has(id)), ...diff.added.filter((id) => !current.includes(id))];
}
