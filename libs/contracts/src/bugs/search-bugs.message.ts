import { z } from 'zod';
import * as param from '../params/param-types';
import type { BugWire } from './bug.wire';

/**
 * `GET /rest/bug` (Bug.search): every other parameter is a criterion (API or internal
 * field names, `<field>_type`, `fN`/`oN`/`vN`, boolean charts, e-mail blocks,
 * `quicksearch`), interpreted by the bugs service. Only the parameters with a type of
 * their own are coerced here.
 */
export const SEARCH_BUGS_SUBJECT = 'bugs.search';

export const searchBugsParams = z.looseObject({
  limit: param.optional(param.int()),
  offset: param.optional(param.int()),
  creation_time: param.optional(param.datetime()),
  last_change_time: param.optional(param.datetime()),
  /** Bugzilla R6: answer `{bug_count}`, the number of visible bugs matching, whatever limit and offset say */
  count_only: param.optional(param.bool()),
  /** a Tracker extension (docs/as-of.md): match and answer the bugs as they were at that instant, visibility as it stands now */
  as_of: param.optional(param.datetime()),
});
export type SearchBugsParams = z.infer<typeof searchBugsParams>;

export interface SearchBugsResult {
  readonly bugs: readonly BugWire[];
}

/** The answer to `count_only`, as Bugzilla R6 gives it. */
export interface CountBugsResult {
  readonly bug_count: number;
}
