import {
  ErrorCode,
  RENDER_COMMENT_SUBJECT,
  type RenderCommentParams,
  type RenderCommentResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { CommentErrors, type LinkContext, referencedBugIds, renderComment } from '@tracker/comments/domain';
import { BugsClient, toBugRef } from '../collaborators/bugs.client';

/**
 * POST /rest/bug/comment/render, as Bugzilla's render_comment: `text` is required, the
 * bug `id` (optional) must be visible, and the text is rendered in its context. Which
 * referenced bugs exist is asked of the bugs service in one call: a bug the caller may
 * not see still exists (Bugzilla links it without its summary), one that does not is text.
 */
@MessageHandler(RENDER_COMMENT_SUBJECT)
export class RenderCommentHandler {
  constructor(private readonly bugs: BugsClient) {}

  async handle(request: ServiceRequest<RenderCommentParams>): Promise<RenderCommentResult> {
    const { params } = request;
    if (params.text === undefined) throw CommentErrors.paramsRequired('Bug.render_comment', ['text']);
    const isMarkdown = params.is_markdown ?? params.markdown ?? false;
    const currentBugId = params.id ? ((await this.bugs.visibleBugs([toBugRef(params.id)], request))[0]?.bugId ?? null) : null;
    const referenced = referencedBugIds(params.text, isMarkdown, currentBugId);
    const entries = await this.bugs.access(referenced, request);
    const existing = new Set(
      entries.filter((entry) => entry.bugId !== null || entry.error?.code === ErrorCode.bugAccessDenied).map((entry) => Number(entry.ref)),
    );
    const context: LinkContext = {
      currentBugId,
      bugExists: (bugId) => existing.has(bugId),
      // attachments arrive in a later issue: until then no attachment exists, and Bugzilla leaves those references as text
      attachmentExists: () => false,
    };
    return { html: renderComment(params.text, isMarkdown, context) };
  }
}
