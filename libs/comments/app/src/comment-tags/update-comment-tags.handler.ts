import { Inject } from '@nestjs/common';
import {
  commentTagsStream,
  hasPermission,
  type ServiceRequest,
  UPDATE_COMMENT_TAGS_SUBJECT,
  type UpdateCommentTagsParams,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CommentErrors, commentTagsDecider, currentTags } from '@tracker/comments/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { BugsClient } from '../collaborators/bugs.client';
import { COMMENTS_OPTIONS, type CommentsOptions } from '../comments.options';
import { CommentQueries } from '../read-model/comment.queries';
import { assertMayTagComments } from './tagging.policy';

const FUNCTION = 'Bug.update_comment_tags';

/**
 * PUT /rest/bug/comment/{comment_id}/tags, as Bugzilla's update_comment_tags: tagger
 * rights, a numeric id (57), `[]` for no such comment, the bug's visibility, privacy
 * (110); then the comment's tag stream decides, and the answer is the sorted list.
 */
@MessageHandler(UPDATE_COMMENT_TAGS_SUBJECT)
export class UpdateCommentTagsHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly bugs: BugsClient,
    private readonly queries: CommentQueries,
    @Inject(COMMENTS_OPTIONS) private readonly options: CommentsOptions,
  ) {}

  async handle(request: ServiceRequest<UpdateCommentTagsParams>): Promise<readonly string[]> {
    const { auth, params } = request;
    assertMayTagComments(this.options, auth, 'update');
    if (params.comment_id === undefined) throw CommentErrors.paramRequired(FUNCTION, 'comment_id');
    if (!/^[0-9]+$/.test(params.comment_id)) throw CommentErrors.integerRequired(FUNCTION, 'comment_id');
    const commentId = Number(params.comment_id);
    const [comment] = Number.isSafeInteger(commentId) && commentId <= 2_147_483_647 ? await this.queries.byIds([commentId]) : [];
    if (!comment) return [];
    await this.bugs.visibleBugs([comment.bugId], request);
    if (comment.isPrivate && !hasPermission(auth, 'insider')) throw CommentErrors.commentIsPrivate(params.comment_id);

    const stream = commentTagsStream(comment.commentId);
    const command = {
      kind: 'UpdateCommentTags' as const,
      commentId: comment.commentId,
      bugId: comment.bugId,
      creationTags: comment.creationTags,
      add: defined(params.add),
      remove: defined(params.remove),
    };
    const result = await this.commands.run(commentTagsDecider, stream, command, this.commands.context(request));
    return currentTags(command, result.state);
  }
}

/** Bugzilla skips undefined tags in both lists. */
function defined(tags: readonly (string | undefined)[] | undefined): string[] {
  return (tags ?? []).filter((tag): tag is string => tag !== undefined);
}
