import type { UserEvent } from '@tracker/contracts';
import { given } from '../testing/given-when';
import type { ChangeUser } from './user.commands';
import { userDecider } from './user.decider';

const created: UserEvent = { type: 'UserCreated', data: { userId: 7, login: 'ann@example.com', realName: 'Ann' } };
const inGroups = (...added: number[]): UserEvent => ({ type: 'UserGroupsChanged', data: { added, removed: [] } });
const change = (fields: Omit<ChangeUser, 'kind' | 'userId' | 'blessable'> & { blessable?: ChangeUser['blessable'] }): ChangeUser => ({
  kind: 'ChangeUser',
  userId: 7,
  blessable: 'all',
  ...fields,
});

describe('user decider', () => {
  describe('CreateUser', () => {
    it('given nothing, when created with a password and groups, then created, password set, groups granted', () => {
      expect(
        given(userDecider, []).when({
          kind: 'CreateUser',
          userId: 7,
          login: 'ann@example.com',
          realName: 'Ann',
          passwordHash: 'scrypt$h',
          groups: [1, 3, 1],
          blessGroups: [1],
        }),
      ).toEqual([
        created,
        { type: 'UserPasswordSet', data: { passwordHash: 'scrypt$h' } },
        { type: 'UserGroupsChanged', data: { added: [1, 3], removed: [] } },
        { type: 'UserBlessGroupsChanged', data: { added: [1], removed: [] } },
      ]);
    });

    it('given nothing, when created without password or groups, then only created', () => {
      expect(
        given(userDecider, []).when({ kind: 'CreateUser', userId: 7, login: 'ann@example.com', realName: '', passwordHash: null, groups: [], blessGroups: [] }),
      ).toEqual([{ type: 'UserCreated', data: { userId: 7, login: 'ann@example.com', realName: '' } }]);
    });

    it('given an existing user, when created again, then 500', () => {
      expect(
        given(userDecider, [created]).when({ kind: 'CreateUser', userId: 7, login: 'x@example.com', realName: '', passwordHash: null, groups: [], blessGroups: [] }),
      ).toMatchObject({ code: 500, message: 'There is already an account with the login name ann@example.com.' });
    });
  });

  describe('ChangeUser', () => {
    it('given no user, when changed, then 51', () => {
      expect(given(userDecider, []).when(change({ realName: 'X' }))).toMatchObject({ code: 51 });
    });

    it('given a user, when every field changes, then one event per field carrying the previous value', () => {
      expect(
        given(userDecider, [created]).when(
          change({ realName: 'Ann B', login: 'annb@example.com', passwordHash: 'scrypt$new', emailEnabled: false, disabledText: 'Gone' }),
        ),
      ).toEqual([
        { type: 'UserRealNameChanged', data: { previous: 'Ann', realName: 'Ann B' } },
        { type: 'UserLoginChanged', data: { previous: 'ann@example.com', login: 'annb@example.com' } },
        { type: 'UserPasswordSet', data: { passwordHash: 'scrypt$new' } },
        { type: 'UserMailPreferenceChanged', data: { emailEnabled: false } },
        { type: 'UserLoginDenied', data: { previousText: '', text: 'Gone' } },
      ]);
    });

    it('given a user, when set to the values it has, then nothing happens', () => {
      expect(given(userDecider, [created]).when(change({ realName: 'Ann', login: 'ann@example.com', emailEnabled: true, disabledText: '' }))).toEqual([]);
    });

    it('given a disabled user, when the text is emptied, then login is allowed again', () => {
      const disabled: UserEvent = { type: 'UserLoginDenied', data: { previousText: '', text: 'Gone' } };
      expect(given(userDecider, [created, disabled]).when(change({ disabledText: '' }))).toEqual([
        { type: 'UserLoginAllowed', data: { previousText: 'Gone' } },
      ]);
    });

    it('given groups 1 and 2, when 2 is removed and 3 added, then the diff', () => {
      expect(given(userDecider, [created, inGroups(1, 2)]).when(change({ groups: { add: [3], remove: [2] } }))).toEqual([
        { type: 'UserGroupsChanged', data: { added: [3], removed: [2] } },
      ]);
    });

    it('given no groups, when a group is both added and removed, then it is added (Bugzilla removes first)', () => {
      expect(given(userDecider, [created]).when(change({ groups: { add: [4], remove: [4] } }))).toEqual([
        { type: 'UserGroupsChanged', data: { added: [4], removed: [] } },
      ]);
    });

    it('given groups 1 and 2, when set to [3] by a caller who can bless only 2 and 3, then 1 is kept', () => {
      expect(given(userDecider, [created, inGroups(1, 2)]).when(change({ groups: { set: [3] }, blessable: [2, 3] }))).toEqual([
        { type: 'UserGroupsChanged', data: { added: [3], removed: [2] } },
      ]);
    });

    it('given groups 1 and 2, when set to the same, then nothing happens', () => {
      expect(given(userDecider, [created, inGroups(1, 2)]).when(change({ groups: { set: [2, 1] } }))).toEqual([]);
    });

    it('given bless grants, when bless groups are set, then only bless grants change', () => {
      const blesser: UserEvent = { type: 'UserBlessGroupsChanged', data: { added: [5], removed: [] } };
      expect(given(userDecider, [created, inGroups(1), blesser]).when(change({ blessGroups: { set: [6] } }))).toEqual([
        { type: 'UserBlessGroupsChanged', data: { added: [6], removed: [5] } },
      ]);
    });
  });

  describe('evolve', () => {
    it('folds a history into the current account', () => {
      const history: UserEvent[] = [
        created,
        { type: 'UserPasswordSet', data: { passwordHash: 'h1' } },
        inGroups(1, 2),
        { type: 'UserGroupsChanged', data: { added: [3], removed: [1] } },
        { type: 'UserLoginDenied', data: { previousText: '', text: 'Away' } },
        { type: 'UserMailPreferenceChanged', data: { emailEnabled: false } },
      ];
      expect(history.reduce(userDecider.evolve, userDecider.initialState())).toEqual({
        status: 'present',
        id: 7,
        login: 'ann@example.com',
        realName: 'Ann',
        passwordHash: 'h1',
        emailEnabled: false,
        disabledText: 'Away',
        groups: [2, 3],
        blessGroups: [],
      });
    });
  });
});
