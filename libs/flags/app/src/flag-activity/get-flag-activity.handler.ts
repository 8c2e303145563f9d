import { Inject } from '@nestjs/common';
import {
  type FlagActivityEntryWire,
  GET_FLAG_ACTIVITY_SUBJECT,
  type GetFlagActivityParams,
  type GetFlagActivityResult,
  hasPermission,
  isDomainError,
  type ServiceRequest,
} from '@tracker/contracts';
import { flagActivityQuery } from '@tracker/flags/domain';
import { MessageHandler } from '@tracker/platform/messaging';
import { BugsClient } from '../collaborators/bugs.client';
import { type AttachmentPrivacy, CommentsClient } from '../collaborators/comments.client';
import { IdentityClient } from '../collaborators/identity.client';
import { FLAGS_OPTIONS, type FlagsOptions } from '../flags.options';
import { ActivityQueries } from '../read-model/activity.queries';
import { FlagTypeQueries } from '../read-model/flag-type.queries';

/** Candidates read per round: visibility is judged per page, so paging counts visible entries only. */
const PAGE = 500;

/**
 * flags.activity.get (BMO's Review.flag_activity, docs/flags.md §6): the parameters checked in
 * BMO's order by the domain, then entries oldest first; only on bugs the caller can see now
 * (`bugs.access` per page) and, for non-insiders, on public attachments or those they
 * submitted (`comments.attachments.privacy` per page, the contract's rule for private
 * attachments; an attachment comments does not know is hidden). `offset` and `limit` count
 * visible entries.
 */
@MessageHandler(GET_FLAG_ACTIVITY_SUBJECT)
export class GetFlagActivityHandler {
  constructor(
    private readonly activity: ActivityQueries,
    private readonly types: FlagTypeQueries,
    private readonly identity: IdentityClient,
    private readonly bugs: BugsClient,
    private readonly comments: CommentsClient,
    @Inject(FLAGS_OPTIONS) private readonly options: FlagsOptions,
  ) {}

  async handle(request: ServiceRequest<GetFlagActivityParams>): Promise<GetFlagActivityResult> {
    const { params } = request;
    const logins = [params.requestee, params.setter].filter((login): login is string => login !== undefined);
    const [types, users] = await Promise.all([this.types.refs(), this.identity.users(request, { logins })]);
    const query = flagActivityQuery(params, { maxResults: this.options.maxSearchResults, types, users: users.users });
    if (isDomainError(query)) throw query;
    const insider = hasPermission(request.auth, 'insider');
    const wanted = query.offset + query.limit;
    const visible: FlagActivityEntryWire[] = [];
    let afterId = 0;
    while (visible.length < wanted) {
      const page = await this.activity.page(query, afterId, PAGE);
      if (page.length === 0) break;
      afterId = page[page.length - 1]?.id ?? afterId;
      const attachmentIds = insider ? [] : page.flatMap((entry) => (entry.attachment_id === null ? [] : [entry.attachment_id]));
      const [seen, privacy] = await Promise.all([
        this.bugs.visible(
          request,
          page.map((entry) => entry.bugId),
        ),
        this.comments.privacy(request, attachmentIds),
      ]);
      const attachmentShown = (id: number | null): boolean => insider || id === null || mayView(privacy.get(id), request.auth.userId);
      for (const { bugId, ...entry } of page) if (seen.has(bugId) && attachmentShown(entry.attachment_id)) visible.push(entry);
      if (page.length < PAGE) break;
    }
    return visible.slice(query.offset, wanted);
  }
}

/** The contract: private attachments only to insiders and to their submitter. */
function mayView(attachment: AttachmentPrivacy | undefined, userId: number | null): boolean {
  return attachment !== undefined && (!attachment.isPrivate || attachment.creatorId === userId);
}
