import { type BugFault, GET_BUGS_SUBJECT, type GetBugsParams, type GetBugsResult, type ServiceRequest } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { actorOf } from '@tracker/bugs/domain';
import { BugFinder, refsOf } from '../access/bug-finder';
import type { BugDocument } from '../read-model/bug-document';
import { BugViews } from '../view/bug-view.factory';

/**
 * Bug.get: the bugs of the path and `ids`, in that order. Without `permissive` the first
 * bug that cannot be read fails the call (100, 101, 102); with it, such bugs become
 * `faults` entries and the others are returned (Bugzilla's documented behaviour; 5.2's
 * REST layer loses it, see docs/bugs.md).
 */
@MessageHandler(GET_BUGS_SUBJECT)
export class GetBugsHandler {
  constructor(
    private readonly finder: BugFinder,
    private readonly views: BugViews,
  ) {}

  async handle(request: ServiceRequest<GetBugsParams>): Promise<GetBugsResult> {
    const { params } = request;
    const { found, bundle } = await this.finder.lookup(request, actorOf(request.auth), refsOf(params.id, params.ids));
    const docs: BugDocument[] = [];
    const faults: BugFault[] = [];
    for (const entry of found) {
      if (entry.error === null) docs.push(entry.doc);
      else if (params.permissive) faults.push({ id: entry.ref, faultString: entry.error.message, faultCode: entry.error.code });
      else throw entry.error;
    }
    return { bugs: await this.views.render(request, docs, true, bundle), faults };
  }
}
