import type { DomainEvent } from '../events/event-envelope';
import { streamType } from '../events/stream-type';

/**
 * The events of a `group-<id>` stream, public so that other services may project group
 * names (a bug's groups). Only identity appends them.
 */
export const GROUP_STREAM_PREFIX = 'group-';
export const groupStream = (groupId: number): string => `${GROUP_STREAM_PREFIX}${groupId}`;

export type GroupCreated = DomainEvent<
  'GroupCreated',
  {
    readonly groupId: number;
    readonly name: string;
    readonly description: string;
    /** false for the system groups of the installation (admin, editbugs, ...) */
    readonly isBugGroup: boolean;
    /** '' for none; logins matching it (case-insensitively) are members */
    readonly userRegexp: string;
    readonly isActive: boolean;
    readonly iconUrl: string | null;
    /** groups whose members are members of this one too (Bugzilla's group_group_map membership grants) */
    readonly memberGroupIds: readonly number[];
    /** groups whose members may grant membership of this one (bless grants) */
    readonly blessGroupIds: readonly number[];
  }
>;
export type GroupRenamed = DomainEvent<'GroupRenamed', { readonly previous: string; readonly name: string }>;
export type GroupDescriptionChanged = DomainEvent<'GroupDescriptionChanged', { readonly previous: string; readonly description: string }>;
export type GroupUserRegexpChanged = DomainEvent<'GroupUserRegexpChanged', { readonly previous: string; readonly userRegexp: string }>;
export type GroupActivated = DomainEvent<'GroupActivated', Record<string, never>>;
export type GroupDeactivated = DomainEvent<'GroupDeactivated', Record<string, never>>;
export type GroupIconChanged = DomainEvent<'GroupIconChanged', { readonly previous: string | null; readonly iconUrl: string | null }>;

export type GroupEvent =
  GroupCreated | GroupRenamed | GroupDescriptionChanged | GroupUserRegexpChanged | GroupActivated | GroupDeactivated | GroupIconChanged;

export const groupStreamType = streamType<GroupEvent>(GROUP_STREAM_PREFIX, {
  GroupCreated: [],
  GroupRenamed: [],
  GroupDescriptionChanged: [],
  GroupUserRegexpChanged: [],
  GroupActivated: [],
  GroupDeactivated: [],
  GroupIconChanged: [],
});
