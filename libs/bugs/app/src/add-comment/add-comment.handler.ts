import {
  ADD_COMMENT_SUBJECT,
  type AddCommentParams,
  type AddCommentResult,
  bugStream,
  isLoggedIn,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { actorOf, BugErrors, bugDecider, type LoggedInActor } from '@tracker/bugs/domain';
import { CommandRunner } from '@tracker/platform/command-handler';
import { IdSequences } from '@tracker/platform/read-model';
import { BugFinder } from '../access/bug-finder';
import { CatalogClient } from '../collaborators/catalog.client';
import type { BugSequence } from '../bugs.sequences';

/**
 * `bugs.comment.add`: the comments service hands over a validated comment; the bug must
 * be visible and editable; the comment (with its work time, deducted from the remaining
 * time) is appended to the bug's stream. Answers once the bugs read model shows it, with
 * the position the comments service waits for in its own projection.
 */
@MessageHandler(ADD_COMMENT_SUBJECT)
export class AddCommentHandler {
  constructor(
    private readonly commands: CommandRunner,
    private readonly ids: IdSequences<BugSequence>,
    private readonly finder: BugFinder,
    private readonly catalog: CatalogClient,
  ) {}

  async handle(request: ServiceRequest<AddCommentParams>): Promise<AddCommentResult> {
    const { auth, params } = request;
    if (!isLoggedIn(auth)) throw BugErrors.loginRequired();
    const actor = actorOf(auth) as LoggedInActor;
    const [doc] = await this.finder.findAll(request, actor, [String(params.bugRef)]);
    if (!doc) throw BugErrors.invalidBugId(String(params.bugRef));
    const [rules, commentId] = await Promise.all([
      this.catalog.rules(request, { productIds: [doc.fields.product.id] }),
      this.ids.next('comment_ids'),
    ]);
    const stream = bugStream(doc.id);
    const command = {
      kind: 'AddComment' as const,
      actor,
      commentId,
      text: params.text,
      isPrivate: params.isPrivate,
      isMarkdown: params.isMarkdown,
      workTime: params.workTime,
      tags: params.tags,
      rules,
    };
    const result = await this.commands.append(bugDecider, stream, command, this.commands.context(request));
    if (result.position === null) throw BugErrors.commentRequired();
    await this.commands.visible([{ stream, position: result.position }], request.correlationId);
    return { commentId, bugId: doc.id, streamName: stream, position: result.position.toString() };
  }
}
