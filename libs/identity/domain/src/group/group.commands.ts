/** Commands on a group stream; the id and the admin group's grants come from the handler. */
export type GroupCommand = CreateGroup | ChangeGroup;

export interface CreateGroup {
  readonly kind: 'CreateGroup';
  readonly groupId: number;
  readonly name: string;
  readonly description: string;
  readonly userRegexp: string;
  readonly isActive: boolean;
  readonly iconUrl: string | null;
  readonly isBugGroup: boolean;
  readonly memberGroupIds: readonly number[];
  readonly blessGroupIds: readonly number[];
}

export interface ChangeGroup {
  readonly kind: 'ChangeGroup';
  readonly groupId: number;
  readonly name?: string;
  readonly description?: string;
  readonly userRegexp?: string;
  readonly isActive?: boolean;
  readonly iconUrl?: string | null;
}
