import { Inject } from '@nestjs/common';
import {
  DEFAULT_COMMENT_TAG_SEARCH_LIMIT,
  hasPermission,
  SEARCH_COMMENT_TAGS_SUBJECT,
  type SearchCommentTagsParams,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CommentErrors } from '@tracker/comments/domain';
import { BugsClient } from '../collaborators/bugs.client';
import { COMMENTS_OPTIONS, type CommentsOptions } from '../comments.options';
import { CommentQueries, type TagUse } from '../read-model/comment.queries';
import { assertMayTagComments } from './tagging.policy';

const FUNCTION = 'Bug.search_comment_tags';

/**
 * GET /rest/bug/comment/tags/{query}, as Bugzilla's search_comment_tags: tagger rights,
 * then tags containing the query in any case, most used first. `limit` 0 or absent is the
 * contract's 10 (Bugzilla's own default is 7); a negative one is Bugzilla's 52.
 * Unlike Bugzilla, which answers from every tag in use, only tags on comments the caller
 * may read count: not on private comments outside the insider group, not on bugs the
 * caller may not see (asked of the bugs service), so a tag tells nothing about them.
 */
@MessageHandler(SEARCH_COMMENT_TAGS_SUBJECT)
export class SearchCommentTagsHandler {
  constructor(
    private readonly queries: CommentQueries,
    private readonly bugs: BugsClient,
    @Inject(COMMENTS_OPTIONS) private readonly options: CommentsOptions,
  ) {}

  async handle(request: ServiceRequest<SearchCommentTagsParams>): Promise<readonly string[]> {
    const { auth, params } = request;
    assertMayTagComments(this.options, auth, 'search');
    if (params.query === undefined) throw CommentErrors.paramRequired(FUNCTION, 'query');
    const limit = params.limit || DEFAULT_COMMENT_TAG_SEARCH_LIMIT;
    if (limit < 0) throw CommentErrors.mustBeNumeric(FUNCTION, 'limit');
    const uses = await this.queries.tagUses(params.query, hasPermission(auth, 'insider'));
    const visible = await this.bugs.visibleIds([...new Set(uses.map((use) => use.bugId))], request);
    return mostUsed(
      uses.filter((use) => visible.has(use.bugId)),
      limit,
    );
  }
}

/** Tags by the number of comments carrying them, most first, ties alphabetically (in lower case). */
function mostUsed(uses: readonly TagUse[], limit: number): string[] {
  const weights = new Map<string, { tag: string; weight: number }>();
  for (const use of uses) {
    const counted = weights.get(use.key);
    weights.set(use.key, { tag: use.tag, weight: (counted?.weight ?? 0) + use.uses });
  }
  return [...weights.entries()]
    .sort(([keyA, a], [keyB, b]) => b.weight - a.weight || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .slice(0, limit)
    .map(([, { tag }]) => tag);
}
