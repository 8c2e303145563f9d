import type { GroupEvent } from '@tracker/contracts';

/** A group as its own stream knows it. */
export type GroupState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'present';
      readonly id: number;
      readonly name: string;
      readonly description: string;
      readonly isBugGroup: boolean;
      readonly userRegexp: string;
      readonly isActive: boolean;
      readonly iconUrl: string | null;
    };

export type PresentGroup = Extract<GroupState, { status: 'present' }>;

export const initialGroupState = (): GroupState => ({ status: 'absent' });

export function evolveGroup(state: GroupState, event: GroupEvent): GroupState {
  if (event.type === 'GroupCreated') {
    const { groupId, name, description, isBugGroup, userRegexp, isActive, iconUrl } = event.data;
    return { status: 'present', id: groupId, name, description, isBugGroup, userRegexp, isActive, iconUrl };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'GroupRenamed':
      return { ...state, name: event.data.name };
    case 'GroupDescriptionChanged':
      return { ...state, description: event.data.description };
    case 'GroupUserRegexpChanged':
      return { ...state, userRegexp: event.data.userRegexp };
    case 'GroupActivated':
      return { ...state, isActive: true };
    case 'GroupDeactivated':
      return { ...state, isActive: false };
    case 'GroupIconChanged':
      return { ...state, iconUrl: event.data.iconUrl };
  }
}
