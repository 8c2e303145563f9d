import { Inject } from '@nestjs/common';
import {
  DEFAULT_COMMENT_TAG_SEARCH_LIMIT,
  SEARCH_COMMENT_TAGS_SUBJECT,
  type SearchCommentTagsParams,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CommentErrors } from '@tracker/comments/domain';
import { COMMENTS_OPTIONS, type CommentsOptions } from '../comments.options';
import { CommentQueries } from '../read-model/comment.queries';
import { assertMayTagComments } from './tagging.policy';

const FUNCTION = 'Bug.search_comment_tags';

/**
 * GET /rest/bug/comment/tags/{query}, as Bugzilla's search_comment_tags: tagger rights,
 * then tags containing the query in any case, most used first. `limit` 0 or absent is the
 * contract's 10 (Bugzilla's own default is 7); a negative one is Bugzilla's 52.
 */
@MessageHandler(SEARCH_COMMENT_TAGS_SUBJECT)
export class SearchCommentTagsHandler {
  constructor(
    private readonly queries: CommentQueries,
    @Inject(COMMENTS_OPTIONS) private readonly options: CommentsOptions,
  ) {}

  async handle(request: ServiceRequest<SearchCommentTagsParams>): Promise<readonly string[]> {
    const { auth, params } = request;
    assertMayTagComments(this.options, auth, 'search');
    if (params.query === undefined) throw CommentErrors.paramRequired(FUNCTION, 'query');
    const limit = params.limit || DEFAULT_COMMENT_TAG_SEARCH_LIMIT;
    if (limit < 0) throw CommentErrors.mustBeNumeric(FUNCTION, 'limit');
    return this.queries.searchTags(params.query, limit);
  }
}
