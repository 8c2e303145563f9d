import {
  BUG_HISTORY_SUBJECT,
  type BugHistoryResult,
  bugHistoryParams,
  type CountBugsResult,
  CREATE_BUG_SUBJECT,
  createBugParams,
  GET_BUGS_SUBJECT,
  GET_LAST_VISIT_SUBJECT,
  type GetBugsResult,
  getBugsParams,
  lastVisitParams,
  SEARCH_BUGS_SUBJECT,
  type SearchBugsResult,
  searchBugsParams,
  UPDATE_BUGS_SUBJECT,
  UPDATE_LAST_VISIT_SUBJECT,
  UPDATE_TAGS_SUBJECT,
  updateBugsParams,
  updateTagsParams,
} from '@tracker/contracts';
import { bugFieldType, FieldFilter, filterObjects, type ObjectShape } from '@tracker/field-filter';
import { bugFlagsComposer } from '../composition/bug-flags.composer';
import type { Route } from '../routing/route';

/**
 * Bug.get / Bug.search objects: user details follow their login field and are filtered
 * under its name (`assigned_to.name`), `tags` is extra, `cf_` fields custom (reference §4.3).
 */
const USER_DETAIL: ObjectShape = {};
export const BUG_SHAPE: ObjectShape = {
  typeOf: bugFieldType,
  companions: { assigned_to_detail: 'assigned_to', creator_detail: 'creator', qa_contact_detail: 'qa_contact', cc_detail: 'cc' },
  nested: { assigned_to_detail: USER_DETAIL, creator_detail: USER_DETAIL, qa_contact_detail: USER_DETAIL, cc_detail: USER_DETAIL },
};
/** Bug.history filters the top-level keys of each bug only. */
const HISTORY_SHAPE: ObjectShape = {};

const message = (subject: string): Route['target'] => ({ kind: 'message', subject });

/** A `count_only` answer has no bug objects: include/exclude lists leave it as it is, as in Bugzilla R6. */
const isCount = (result: unknown): result is CountBugsResult => typeof result === 'object' && result !== null && 'bug_count' in result;

/**
 * The REST routes answered by the bugs service (docs/bugs.md). `PUT /bug` has no route,
 * as in Bugzilla (golden 150); POST /bug answers 200, as Bugzilla 5.2 does (golden 53).
 */
export const bugsRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/bug',
    params: searchBugsParams,
    target: message(SEARCH_BUGS_SUBJECT),
    compose: [bugFlagsComposer],
    filterResponse: (result, fields) =>
      isCount(result) ? result : { bugs: filterObjects((result as SearchBugsResult).bugs, BUG_SHAPE, new FieldFilter(fields)) },
  },
  { method: 'POST', path: '/bug', params: createBugParams, successStatus: 200, target: message(CREATE_BUG_SUBJECT) },
  {
    method: 'GET',
    path: '/bug/:id',
    params: getBugsParams,
    target: message(GET_BUGS_SUBJECT),
    compose: [bugFlagsComposer],
    filterResponse: (result, fields) => {
      const { bugs, faults } = result as GetBugsResult;
      return { bugs: filterObjects(bugs, BUG_SHAPE, new FieldFilter(fields)), faults };
    },
  },
  { method: 'PUT', path: '/bug/:id', params: updateBugsParams, target: message(UPDATE_BUGS_SUBJECT) },
  {
    method: 'GET',
    path: '/bug/:id/history',
    params: bugHistoryParams,
    target: message(BUG_HISTORY_SUBJECT),
    filterResponse: (result, fields) => ({
      bugs: filterObjects([...(result as BugHistoryResult).bugs], HISTORY_SHAPE, new FieldFilter(fields)),
    }),
  },
  { method: 'PUT', path: '/bug/:id/tags', params: updateTagsParams, target: message(UPDATE_TAGS_SUBJECT) },
  { method: 'POST', path: '/bug_user_last_visit', params: lastVisitParams, target: message(UPDATE_LAST_VISIT_SUBJECT) },
  { method: 'POST', path: '/bug_user_last_visit/:id', params: lastVisitParams, target: message(UPDATE_LAST_VISIT_SUBJECT) },
  { method: 'GET', path: '/bug_user_last_visit', params: lastVisitParams, target: message(GET_LAST_VISIT_SUBJECT) },
  { method: 'GET', path: '/bug_user_last_visit/:id', params: lastVisitParams, target: message(GET_LAST_VISIT_SUBJECT) },
];
