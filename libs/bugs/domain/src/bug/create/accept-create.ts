import type { BugFields, DomainError } from '@tracker/contracts';
import { sortList } from '../bug-lists';
import { requireMandatoryCustomFields } from '../fields/mandatory-fields';
import { attempt } from '../refusal';
import type { AcceptedCreate, CreateBugFacts } from './create-bug.command';
import { type OwnFields, type ProductFields, requireOwnFields, requireProductFields } from './create-fields';

/**
 * A create's fields, each validated in the order Bugzilla's validators run (alphabetical,
 * then those that depend on product, component and status), so that the first refusal is
 * Bugzilla's; then the mandatory custom fields. Nothing here depends on the new bug's ids:
 * the create handler accepts the fields before it draws them (docs/bugs.md, "Create ids").
 */
export function acceptCreate(facts: CreateBugFacts): AcceptedCreate | DomainError {
  return attempt(() => {
    const own = requireOwnFields(facts);
    const rest = requireProductFields(facts, own.product);
    const fields = bugFields(own, rest);
    requireMandatoryCustomFields(facts.rules.fields.customFields, fields);
    return { fields, description: rest.description };
  });
}

/** The new bug's fields as Bugzilla stores them: lists sorted, the estimate as remaining time. */
function bugFields(own: OwnFields, rest: ProductFields): BugFields {
  const { product, estimatedTime } = own;
  return {
    summary: own.summary,
    product: { id: product.id, name: product.name },
    component: { id: rest.component.id, name: rest.component.name },
    classification: product.classification,
    version: rest.version,
    targetMilestone: rest.targetMilestone,
    status: rest.status,
    isOpen: rest.isOpen,
    resolution: rest.resolution,
    isConfirmed: rest.status !== 'UNCONFIRMED',
    dupeOf: null,
    priority: own.priority,
    severity: own.severity,
    platform: own.platform,
    opSys: own.opSys,
    url: own.url,
    whiteboard: own.whiteboard,
    assignee: rest.assignee,
    qaContact: rest.qaContact,
    isCcAccessible: own.isCcAccessible,
    isCreatorAccessible: own.isCreatorAccessible,
    deadline: own.deadline,
    estimatedTime,
    remainingTime: estimatedTime !== 0 ? estimatedTime : own.remainingTime,
    alias: sortList('alias', own.alias),
    keywords: sortList('keywords', rest.keywords),
    seeAlso: sortList('seeAlso', rest.seeAlso),
    groups: sortList('groups', rest.groups),
    blocks: sortList('blocks', rest.blocks),
    dependsOn: sortList('dependsOn', rest.dependsOn),
    cc: sortList('cc', [...rest.cc, ...rest.component.defaultCc]),
    customFields: own.customFields,
  };
}
