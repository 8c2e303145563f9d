import type { UserEvent } from '@tracker/contracts';
import { deciderSpec } from '@tracker/testing';
import type { ChangeUser } from './user.commands';
import { userDecider } from './user.decider';

const user = deciderSpec(userDecider);

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
      user
        .given()
        .when({
          kind: 'CreateUser',
          userId: 7,
          login: 'ann@example.com',
          realName: 'Ann',
          passwordHash: 'scrypt$h',
          groups: [1, 3, 1],
          blessGroups: [1],
        })
        .then([
          created,
          { type: 'UserPasswordSet', data: { passwordHash: 'scrypt$h' } },
          { type: 'UserGroupsChanged', data: { added: [1, 3], removed: [] } },
          { type: 'UserBlessGroupsChanged', data: { added: [1], removed: [] } },
        ]);
    });

    it('given nothing, when created without password or groups, then only created', () => {
      user
        .given()
        .when({ kind: 'CreateUser', userId: 7, login: 'ann@example.com', realName: '', passwordHash: null, groups: [], blessGroups: [] })
        .then([{ type: 'UserCreated', data: { userId: 7, login: 'ann@example.com', realName: '' } }]);
    });

    it('given an existing user, when created again, then 500', () => {
      user
        .given(created)
        .when({ kind: 'CreateUser', userId: 7, login: 'x@example.com', realName: '', passwordHash: null, groups: [], blessGroups: [] })
        .thenRefuses(500, 'There is already an account with the login name ann@example.com.');
    });
  });

  describe('ChangeUser', () => {
    it('given no user, when changed, then 51', () => {
      user
        .given()
        .when(change({ realName: 'X' }))
        .thenRefuses(51);
    });

    it('given a user, when every field changes, then one event per field carrying the previous value', () => {
      user
        .given(created)
        .when(
          change({ realName: 'Ann B', login: 'annb@example.com', passwordHash: 'scrypt$new', emailEnabled: false, disabledText: 'Gone' }),
        )
        .then([
          { type: 'UserRealNameChanged', data: { previous: 'Ann', realName: 'Ann B' } },
          { type: 'UserLoginChanged', data: { previous: 'ann@example.com', login: 'annb@example.com' } },
          { type: 'UserPasswordSet', data: { passwordHash: 'scrypt$new' } },
          { type: 'UserMailPreferenceChanged', data: { emailEnabled: false } },
          { type: 'UserLoginDenied', data: { previousText: '', text: 'Gone' } },
        ]);
    });

    it('given a user, when set to the values it has, then nothing happens', () => {
      user
        .given(created)
        .when(change({ realName: 'Ann', login: 'ann@example.com', emailEnabled: true, disabledText: '' }))
        .then([]);
    });

    it('given a disabled user, when the text is emptied, then login is allowed again', () => {
      const disabled: UserEvent = { type: 'UserLoginDenied', data: { previousText: '', text: 'Gone' } };
      user
        .given(created, disabled)
        .when(change({ disabledText: '' }))
        .then([{ type: 'UserLoginAllowed', data: { previousText: 'Gone' } }]);
    });

    it('given groups 1 and 2, when 2 is removed and 3 added, then the diff', () => {
      user
        .given(created, inGroups(1, 2))
        .when(change({ groups: { add: [3], remove: [2] } }))
        .then([{ type: 'UserGroupsChanged', data: { added: [3], removed: [2] } }]);
    });

    it('given no groups, when a group is both added and removed, then it is added (Bugzilla removes first)', () => {
      user
        .given(created)
        .when(change({ groups: { add: [4], remove: [4] } }))
        .then([{ type: 'UserGroupsChanged', data: { added: [4], removed: [] } }]);
    });

    it('given groups 1 and 2, when set to [3] by a caller who can bless only 2 and 3, then 1 is kept', () => {
      user
        .given(created, inGroups(1, 2))
        .when(change({ groups: { set: [3] }, blessable: [2, 3] }))
        .then([{ type: 'UserGroupsChanged', data: { added: [3], removed: [2] } }]);
    });

    it('given groups 1 and 2, when set to the same, then nothing happens', () => {
      user
        .given(created, inGroups(1, 2))
        .when(change({ groups: { set: [2, 1] } }))
        .then([]);
    });

    it('given bless grants, when bless groups are set, then only bless grants change', () => {
      const blesser: UserEvent = { type: 'UserBlessGroupsChanged', data: { added: [5], removed: [] } };
      user
        .given(created, inGroups(1), blesser)
        .when(change({ blessGroups: { set: [6] } }))
        .then([{ type: 'UserBlessGroupsChanged', data: { added: [6], removed: [5] } }]);
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
      expect(user.given(...history).state).toEqual({
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
