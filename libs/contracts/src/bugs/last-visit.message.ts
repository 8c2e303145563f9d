import { z } from 'zod';
import * as param from '../params/param-types';

/**
 * `POST /rest/bug_user_last_visit[/{id}]` records now as the caller's last visit of the
 * bugs (each visible, and the caller involved: error 1300 otherwise, the contract's R5
 * code); `GET` lists the caller's visits of the bugs asked, or without ids the most
 * recent 20 (R6). Both answer a bare array of `{id, last_visit_ts}`.
 */
export const UPDATE_LAST_VISIT_SUBJECT = 'bugs.last-visit.update';
export const GET_LAST_VISIT_SUBJECT = 'bugs.last-visit.get';

export const lastVisitParams = z.object({ id: param.optional(param.int()), ids: param.optional(param.list(param.int())) });
export type LastVisitParams = z.infer<typeof lastVisitParams>;

export interface LastVisitWire {
  readonly id: number;
  readonly last_visit_ts: string;
}
