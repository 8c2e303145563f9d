import {
  type CommentObject,
  type CommentsResult,
  CREATE_COMMENT_SUBJECT,
  createCommentParams,
  type FieldSelection,
  GET_COMMENTS_SUBJECT,
  getCommentsParams,
  RENDER_COMMENT_SUBJECT,
  renderCommentParams,
  SEARCH_COMMENT_TAGS_SUBJECT,
  searchCommentTagsParams,
  UPDATE_COMMENT_TAGS_SUBJECT,
  updateCommentTagsParams,
} from '@tracker/contracts';
import { FieldFilter, filterObject, type ObjectShape } from '@tracker/field-filter';
import type { Route } from '../routing/route';

/**
 * The REST routes answered by the comments service. include_fields / exclude_fields
 * apply to the comment objects only, top-level fields, as Bugzilla's Bug.comments does;
 * the `bugs` / `comments` envelope always stays.
 */
const COMMENT_SHAPE: ObjectShape = {};

function filterComments(result: unknown, fields: FieldSelection): unknown {
  // every comment field is a default one: without lists there is nothing to drop (a bug's 500 comments skip a copy)
  if (fields.include.length === 0 && fields.exclude.length === 0) return result;
  const { bugs, comments } = result as CommentsResult;
  const filter = new FieldFilter(fields);
  const keep = (comment: CommentObject): Partial<CommentObject> => filterObject({ ...comment }, COMMENT_SHAPE, filter);
  return {
    bugs: Object.fromEntries(Object.entries(bugs).map(([id, bug]) => [id, { comments: bug.comments.map(keep) }])),
    comments: Object.fromEntries(Object.entries(comments).map(([id, comment]) => [id, keep(comment)])),
  };
}

const message = (subject: string): Route['target'] => ({ kind: 'message', subject });

export const commentsRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/bug/:id/comment',
    target: message(GET_COMMENTS_SUBJECT),
    params: getCommentsParams,
    filterResponse: filterComments,
  },
  {
    method: 'GET',
    path: '/bug/comment/:comment_id',
    target: message(GET_COMMENTS_SUBJECT),
    params: getCommentsParams,
    filterResponse: filterComments,
  },
  { method: 'POST', path: '/bug/:id/comment', target: message(CREATE_COMMENT_SUBJECT), params: createCommentParams, successStatus: 201 },
  { method: 'PUT', path: '/bug/comment/:comment_id/tags', target: message(UPDATE_COMMENT_TAGS_SUBJECT), params: updateCommentTagsParams },
  { method: 'GET', path: '/bug/comment/tags/:query', target: message(SEARCH_COMMENT_TAGS_SUBJECT), params: searchCommentTagsParams },
  { method: 'POST', path: '/bug/comment/render', target: message(RENDER_COMMENT_SUBJECT), params: renderCommentParams },
];
