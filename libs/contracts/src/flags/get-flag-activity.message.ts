import { z } from 'zod';
import * as param from '../params/param-types';
import type { FlagTargetType } from './flag-type.events';

/**
 * BMO's flag activity (`GET /rest/review/flag_activity`, `/{flag_id}`, `/requestee/{login}`,
 * `/setter/{login}`, `/type_id/{id}`, `/type_name/{name}`): one entry per flag creation,
 * change and clear, oldest first, on bugs the caller can see (docs/flags.md §6). The path
 * segments arrive under the query names. Flag and type ids come as text: a malformed one is
 * 32000, a well-formed unknown one matches nothing.
 */
export const GET_FLAG_ACTIVITY_SUBJECT = 'flags.activity.get';

export const getFlagActivityParams = z.object({
  flag_id: param.optional(param.string()),
  flag_ids: param.optional(param.commaList(param.string())),
  type_id: param.optional(param.string()),
  type_name: param.optional(param.string()),
  requestee: param.optional(param.string()),
  setter: param.optional(param.string()),
  bug_id: param.optional(param.int()),
  status: param.optional(param.string()),
  limit: param.optional(param.int()),
  offset: param.optional(param.int()),
  after: param.optional(param.datetime()),
  before: param.optional(param.datetime()),
});
export type GetFlagActivityParams = z.infer<typeof getFlagActivityParams>;

/** A user in an activity entry: `nick` is the login before the `@`. */
export interface ActivityUserWire {
  readonly id: number;
  readonly name: string;
  readonly real_name: string;
  readonly nick: string;
}

export interface ActivityFlagTypeWire {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly type: FlagTargetType;
  readonly is_active: boolean;
  readonly is_multiplicable: boolean;
  readonly is_requesteeble: boolean;
}

export interface FlagActivityEntryWire {
  readonly id: number;
  readonly flag_id: number;
  readonly bug_id: number;
  readonly attachment_id: number | null;
  /** `YYYY-MM-DD HH:MM:SS` UTC */
  readonly creation_time: string;
  /** `?`, `+`, `-`, or `X` for a cleared flag */
  readonly status: string;
  readonly setter: ActivityUserWire;
  /** absent when none */
  readonly requestee?: ActivityUserWire;
  readonly type: ActivityFlagTypeWire;
}

export type GetFlagActivityResult = readonly FlagActivityEntryWire[];
