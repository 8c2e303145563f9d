import {
  BUG_ACCESS_SUBJECT,
  type BugAccessEntry,
  type BugAccessParams,
  type BugAccessResult,
  type ServiceRequest,
} from '@tracker/contracts';
import { MessageHandler } from '@tracker/platform/messaging';
import { actorOf, BugErrors, canEditProduct } from '@tracker/bugs/domain';
import { BugFinder } from '../access/bug-finder';
import { BugAsOfReader } from '../as-of/bug-as-of.reader';
import { CatalogClient } from '../collaborators/catalog.client';

/**
 * `bugs.access`: for other services (comments, later attachments and flags), whether the
 * caller may see and edit each bug, by id or alias, with Bugzilla's error per bug.
 * Editing needs a login and the product's edit group controls (109 naming the product).
 * With `asOf`, each visible bug also carries its comments and attachments as they were then, folded from
 * its stream (docs/as-of.md); visibility is still decided on the bug as it is now.
 */
@MessageHandler(BUG_ACCESS_SUBJECT)
export class BugAccessHandler {
  constructor(
    private readonly finder: BugFinder,
    private readonly catalog: CatalogClient,
    private readonly asOf: BugAsOfReader,
  ) {}

  async handle(request: ServiceRequest<BugAccessParams>): Promise<BugAccessResult> {
    const actor = actorOf(request.auth);
    const found = await this.finder.find(request, actor, request.params.refs.map(String));
    const productIds = [...new Set(found.flatMap((entry) => (entry.doc ? [entry.doc.fields.product.id] : [])))];
    const visibleIds = found.flatMap((entry) => (entry.doc ? [entry.doc.id] : []));
    const [rules, then] = await Promise.all([
      actor.user === null || productIds.length === 0 ? null : this.catalog.rules(request, { productIds }),
      request.params.asOf === undefined ? null : this.asOf.states(visibleIds, request.params.asOf),
    ]);
    const bugs = found.map((entry, index): BugAccessEntry => {
      const ref = request.params.refs[index] ?? entry.ref;
      if (entry.error) return { ref, bugId: null, canEdit: false, error: entry.error.toData(), editError: null };
      const product = rules?.products.find((candidate) => candidate.id === entry.doc.fields.product.id);
      const editError =
        actor.user === null
          ? BugErrors.loginRequired()
          : product && !canEditProduct(actor, product)
            ? BugErrors.productEditDenied(entry.doc.fields.product.name)
            : null;
      const access = { ref, bugId: entry.doc.id, canEdit: editError === null, error: null, editError: editError?.toData() ?? null };
      if (!then) return access;
      const asOf = then.get(entry.doc.id);
      if (!asOf) return { ...access, commentsAsOf: null };
      return {
        ...access,
        commentsAsOf: asOf.state.comments.map(({ commentId, isPrivate }) => ({ commentId, isPrivate })),
        attachmentsAsOf: asOf.state.attachments.map(({ creatorId: _creator, ...attachment }) => ({
          ...attachment,
          lastChangeTime: asOf.attachmentChangeTimes.get(attachment.attachmentId) ?? asOf.creationTime,
        })),
      };
    });
    return { bugs };
  }
}
