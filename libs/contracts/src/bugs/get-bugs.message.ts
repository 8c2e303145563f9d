import { z } from 'zod';
import * as param from '../params/param-types';
import { bugRefs, optionalBool } from './bug-params';
import type { BugWire } from './bug.wire';

/**
 * `GET /rest/bug/{id_or_alias}` (Bug.get), with more bugs in `ids`: bugs in the order
 * asked. A bug that cannot be read (100 bad alias, 101 no such bug, 102 not visible)
 * fails the whole call, or with `permissive` becomes an entry of `faults`. `as_of` (a
 * Tracker extension, docs/as-of.md): the bugs as they were at that instant, visibility as
 * it stands now; a bug that did not exist yet then is 101.
 */
export const GET_BUGS_SUBJECT = 'bugs.get';

export const getBugsParams = z.object({
  id: param.string(),
  ids: bugRefs(),
  permissive: optionalBool(),
  as_of: param.optional(param.datetime()),
});
export type GetBugsParams = z.infer<typeof getBugsParams>;

export interface BugFault {
  readonly id: string;
  readonly faultString: string;
  readonly faultCode: number;
}

export interface GetBugsResult {
  readonly bugs: readonly BugWire[];
  readonly faults: readonly BugFault[];
}
