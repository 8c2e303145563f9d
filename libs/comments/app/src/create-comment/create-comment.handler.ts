import { Inject } from '@nestjs/common';
import {
  CommonErrors,
  CREATE_COMMENT_SUBJECT,
  type CreateCommentParams,
  type CreateCommentResult,
  isLoggedIn,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import { type AccessibleBug, BugsClient, toBugRef } from '../collaborators/bugs.client';
import { assertMayTagComments } from '../comment-tags/tagging.policy';
import { COMMENTS_OPTIONS, type CommentsOptions } from '../comments.options';
import { creationTags, newComment, requireCommentText } from './new-comment.rules';

/**
 * POST /rest/bug/{id}/comment. Checks in Bugzilla's order (login, comment, bugs, edit
 * rights, the comment's own rules, tags), then hands the comment to the bugs service,
 * which appends it to each bug's stream, and answers once this service's read model
 * shows it. With `ids`, every bug is checked before any is written.
 */
@MessageHandler(CREATE_COMMENT_SUBJECT)
export class CreateCommentHandler {
  constructor(
    private readonly bugs: BugsClient,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(COMMENTS_OPTIONS) private readonly options: CommentsOptions,
  ) {}

  async handle(request: ServiceRequest<CreateCommentParams>): Promise<CreateCommentResult> {
    const { auth, params } = request;
    if (!isLoggedIn(auth)) throw CommonErrors.loginRequired();
    const text = requireCommentText(params);
    const bugs = uniqueBugs(await this.bugs.visibleBugs([params.id, ...(params.ids ?? [])].map(toBugRef), request));
    const refusal = bugs.find((bug) => bug.editError)?.editError;
    if (refusal) throw refusal;
    const comment = newComment(params, text, auth);
    const requestedTags = params.comment_tags ?? [];
    if (requestedTags.some((tag) => tag !== undefined)) assertMayTagComments(this.options, auth, 'update');
    const tags = creationTags(requestedTags);

    this.readModel.assertWritable();
    const ids: number[] = [];
    for (const bug of bugs) {
      const added = await this.bugs.addComment({ bugRef: bug.bugId, ...comment, tags }, request);
      await this.readModel.waitFor(added.streamName, BigInt(added.position), request.correlationId);
      ids.push(added.commentId);
    }
    return { id: ids[0] ?? 0 };
  }
}

/** A bug named twice (by id and by alias) gets the comment once. */
function uniqueBugs(bugs: readonly AccessibleBug[]): AccessibleBug[] {
  const seen = new Set<number>();
  return bugs.filter((bug) => !seen.has(bug.bugId) && seen.add(bug.bugId));
}
