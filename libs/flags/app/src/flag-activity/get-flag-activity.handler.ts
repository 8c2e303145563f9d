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
import { IdentityClient } from '../collaborators/identity.client';
import { FLAGS_OPTIONS, type FlagsOptions } from '../flags.options';
import { ActivityQueries } from '../read-model/activity.queries';
import { FlagTypeQueries } from '../read-model/flag-type.queries';

/** Candidates read per round: visibility is judged per page, so paging counts visible entries only. */
const PAGE = 500;

/**
 * flags.activity.get (BMO's Review.flag_activity, docs/flags.md §6): the parameters checked in
 * BMO's order by the domain, then entries oldest first; only on bugs the caller can see now
 * (`bugs.access` per page) and, for non-insiders, not on attachments (attachment privacy joins
 * with the attachments work: until then attachment entries are for insiders only). `offset`
 * and `limit` count visible entries.
 */
@MessageHandler(GET_FLAG_ACTIVITY_SUBJECT)
export class GetFlagActivityHandler {
  constructor(
    private readonly activity: ActivityQueries,
    private readonly types: FlagTypeQueries,
    private readonly identity: IdentityClient,
    private readonly bugs: BugsClient,
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
      const seen = await this.bugs.visible(
        request,
        page.map((entry) => entry.bugId),
      );
      for (const { bugId, ...entry } of page) if (seen.has(bugId) && (insider || entry.attachment_id === null)) visible.push(entry);
      if (page.length < PAGE) break;
    }
    return visible.slice(query.offset, wanted);
  }
}
