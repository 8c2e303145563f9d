import { Inject, Injectable } from '@nestjs/common';
import { hasPermission, type ServiceRequest, type UpdateCommentTagsParams } from '@tracker/contracts';
import { CommentErrors, commentTagsDecider, commentTagsStream, currentTags } from '@tracker/comments/domain';
import { CommandHandler, commandContext, CLOCK, type Clock } from '@tracker/platform/command-handler';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
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
@Injectable()
export class UpdateCommentTagsHandler {
  constructor(
    private readonly commands: CommandHandler,
    private readonly bugs: BugsClient,
    private readonly queries: CommentQueries,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(CLOCK) private readonly clock: Clock,
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
    this.readModel.assertWritable();
    const result = await this.commands.handle(commentTagsDecider, stream, command, commandContext(request, this.clock.now()));
    if (result.position !== null) await this.readModel.waitFor(stream, result.position, request.correlationId);
    return currentTags(command, result.state);
  }
}

/** Bugzilla skips undefined tags in both lists. */
function defined(tags: readonly (string | undefined)[] | undefined): string[] {
  return (tags ?? []).filter((tag): tag is string => tag !== undefined);
}
