import type { DomainEvent } from '@tracker/contracts';
import { credentialsChangeOf } from './credential-change';

const event = (type: string): DomainEvent => ({ type, data: {} });

describe('credentialsChangeOf', () => {
  it("names the user of a user's stream", () => {
    expect(credentialsChangeOf('user-7', [event('UserLoginDenied')], {})).toEqual({ userIds: [7] });
    expect(credentialsChangeOf('user-7', [event('UserPasswordSet')], {})).toEqual({ userIds: [7] });
    expect(credentialsChangeOf('user-7', [event('UserGroupsChanged')], {})).toEqual({ userIds: [7] });
  });

  it("names the owner of a key or token from the stream's state", () => {
    expect(credentialsChangeOf('apikey-3', [event('ApiKeyRevoked')], { status: 'present', userId: 5 })).toEqual({ userIds: [5] });
    expect(credentialsChangeOf('logintoken-9', [event('LoggedOut')], { status: 'loggedOut', userId: 6 })).toEqual({ userIds: [6] });
  });

  it('drops every credential for a group change, or when the owner is unknown', () => {
    expect(credentialsChangeOf('group-12', [event('GroupUserRegexpChanged')], {})).toEqual({ all: true });
    expect(credentialsChangeOf('group-12', [event('GroupCreated')], {})).toEqual({ all: true });
    expect(credentialsChangeOf('logintoken-9', [event('LoggedOut')], { status: 'loggedOut', userId: null })).toEqual({ all: true });
  });

  it('changes nothing for events no AuthContext holds, and treats unknown events as changes', () => {
    expect(credentialsChangeOf('user-7', [event('UserCreated')], {})).toBeNull();
    expect(credentialsChangeOf('apikey-3', [event('ApiKeyCreated')], { userId: 5 })).toBeNull();
    expect(credentialsChangeOf('logintoken-9', [event('LoginTokenIssued')], { userId: 5 })).toBeNull();
    expect(credentialsChangeOf('group-12', [event('GroupDescriptionChanged')], {})).toBeNull();
    expect(credentialsChangeOf('user-7', [event('UserMailPreferenceChanged'), event('UserSomethingNew')], {})).toEqual({ userIds: [7] });
  });
});
