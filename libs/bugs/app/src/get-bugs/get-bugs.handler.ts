import { type BugFault, GET_BUGS_SUBJECT, type GetBugsParams, type GetBugsResult, type ServiceRequest } from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { actorOf, BugErrors } from '@tracker/bugs/domain';
import { BugFinder, type FoundBug, refsOf } from '../access/bug-finder';
import { BugAsOfReader } from '../as-of/bug-as-of.reader';
import type { BugDocument } from '../read-model/bug-document';
import { BugViews } from '../view/bug-view.factory';

/**
 * Bug.get: the bugs of the path and `ids`, in that order. Without `permissive` the first
 * bug that cannot be read fails the call (100, 101, 102); with it, such bugs become
 * `faults` entries and the others are returned (Bugzilla's documented behaviour; 5.2's
 * REST layer loses it, see docs/bugs.md). With `as_of` each visible bug is the one folded
 * from its events up to that instant (docs/as-of.md); one that did not exist then is 101.
 */
@MessageHandler(GET_BUGS_SUBJECT)
export class GetBugsHandler {
  constructor(
    private readonly finder: BugFinder,
    private readonly views: BugViews,
    private readonly asOf: BugAsOfReader,
  ) {}

  async handle(request: ServiceRequest<GetBugsParams>): Promise<GetBugsResult> {
    const { params } = request;
    const looked = await this.finder.lookup(request, actorOf(request.auth), refsOf(params.id, params.ids));
    const { bundle } = looked;
    const found = params.as_of === undefined ? looked.found : await this.asOfInstant(looked.found, params.as_of);
    const docs: BugDocument[] = [];
    const faults: BugFault[] = [];
    for (const entry of found) {
      if (entry.error === null) docs.push(entry.doc);
      else if (params.permissive) faults.push({ id: entry.ref, faultString: entry.error.message, faultCode: entry.error.code });
      else throw entry.error;
    }
    return { bugs: await this.views.render(request, docs, true, bundle), faults };
  }

  /** The visible bugs as they were at the instant; visibility was decided on them as they are now. */
  private async asOfInstant(found: readonly FoundBug[], instant: string): Promise<FoundBug[]> {
    const then = await this.asOf.documents(
      found.flatMap((entry) => (entry.doc ? [entry.doc.id] : [])),
      instant,
    );
    return found.map((entry): FoundBug => {
      if (entry.error !== null) return entry;
      const doc = then.get(entry.doc.id) ?? null;
      return doc ? { ...entry, doc } : { ref: entry.ref, doc: null, error: BugErrors.bugDoesNotExist(entry.doc.id) };
    });
  }
}
