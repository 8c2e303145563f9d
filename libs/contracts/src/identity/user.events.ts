import type { DomainEvent } from '../events/event-envelope';
import { streamType } from '../events/stream-type';

/**
 * The events of a `user-<id>` stream, public so that other services may project logins
 * and real names into their own read models (bugs searches by assignee login). Only
 * identity appends them. `UserPasswordSet` carries a salted scrypt hash, never a password;
 * other services ignore it.
 */
export const USER_STREAM_PREFIX = 'user-';
export const userStream = (userId: number): string => `${USER_STREAM_PREFIX}${userId}`;

export type UserCreated = DomainEvent<'UserCreated', { readonly userId: number; readonly login: string; readonly realName: string }>;
export type UserRealNameChanged = DomainEvent<'UserRealNameChanged', { readonly previous: string; readonly realName: string }>;
export type UserLoginChanged = DomainEvent<'UserLoginChanged', { readonly previous: string; readonly login: string }>;
/** a new password hash; `null` removes password login (Bugzilla's `*`) */
export type UserPasswordSet = DomainEvent<'UserPasswordSet', { readonly passwordHash: string | null }>;
export type UserMailPreferenceChanged = DomainEvent<'UserMailPreferenceChanged', { readonly emailEnabled: boolean }>;
/** the account may not log in; `text` is shown to it (Bugzilla's disabledtext) */
export type UserLoginDenied = DomainEvent<'UserLoginDenied', { readonly previousText: string; readonly text: string }>;
export type UserLoginAllowed = DomainEvent<'UserLoginAllowed', { readonly previousText: string }>;
/** direct memberships (regexp-derived and inherited ones are computed, never stored as events) */
export type UserGroupsChanged = DomainEvent<
  'UserGroupsChanged',
  { readonly added: readonly number[]; readonly removed: readonly number[] }
>;
/** groups whose membership this user may grant (Bugzilla's direct bless grants) */
export type UserBlessGroupsChanged = DomainEvent<
  'UserBlessGroupsChanged',
  { readonly added: readonly number[]; readonly removed: readonly number[] }
>;

export type UserEvent =
  | UserCreated
  | UserRealNameChanged
  | UserLoginChanged
  | UserPasswordSet
  | UserMailPreferenceChanged
  | UserLoginDenied
  | UserLoginAllowed
  | UserGroupsChanged
  | UserBlessGroupsChanged;

export const userStreamType = streamType<UserEvent>(USER_STREAM_PREFIX, {
  UserCreated: [],
  UserRealNameChanged: [],
  UserLoginChanged: [],
  UserPasswordSet: [],
  UserMailPreferenceChanged: [],
  UserLoginDenied: [],
  UserLoginAllowed: [],
  UserGroupsChanged: [],
  UserBlessGroupsChanged: [],
});
