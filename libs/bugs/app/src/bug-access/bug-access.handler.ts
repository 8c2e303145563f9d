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
import { CatalogClient } from '../collaborators/catalog.client';

/**
 * `bugs.access`: for other services (comments, later attachments and flags), whether the
 * caller may see and edit each bug, by id or alias, with Bugzilla's error per bug.
 * Editing needs a login and the product's edit group controls (109 naming the product).
 */
@MessageHandler(BUG_ACCESS_SUBJECT)
export class BugAccessHandler {
  constructor(
    private readonly finder: BugFinder,
    private readonly catalog: CatalogClient,
  ) {}

  async handle(request: ServiceRequest<BugAccessParams>): Promise<BugAccessResult> {
    const actor = actorOf(request.auth);
    const found = await this.finder.find(request, actor, request.params.refs.map(String));
    const productIds = [...new Set(found.flatMap((entry) => (entry.doc ? [entry.doc.fields.product.id] : [])))];
    const rules = actor.user === null || productIds.length === 0 ? null : await this.catalog.rules(request, { productIds });
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
      return { ref, bugId: entry.doc.id, canEdit: editError === null, error: null, editError: editError?.toData() ?? null };
    });
    return { bugs };
  }
}
