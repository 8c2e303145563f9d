import type { BugCreated, BugEvent, BugFields, BugUpdated, DescriptionFacts, DomainError } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import type { BugState } from '../bug.state';
import { participantsOf } from '../bug.state';
import { sortList } from '../bug-lists';
import { requireMandatoryCustomFields } from '../fields/mandatory-fields';
import { attempt } from '../refusal';
import { type AcceptedFlags, ccWithRequestees, flagEvents, requireFlagOutcome } from '../flags/flag-outcome';
import { changesBetween } from '../bug-changes';
import type { CreateBug } from './create-bug.command';
import { type OwnFields, type ProductFields, requireOwnFields, requireProductFields } from './create-fields';

/**
 * Bugzilla's Bug->create: each field validated in the order its validators run
 * (alphabetical, then the ones that depend on product, component and status), so that
 * the first error reported is the one Bugzilla reports. Fields the caller may not set
 * are defaulted, as Bugzilla does: dependencies without editbugs, time tracking without
 * timetracker, assignee and QA contact without editbugs, status without canconfirm.
 */
export function decideCreate(command: CreateBug, state: BugState): readonly BugEvent[] | DomainError {
  if (state.exists) return BugErrors.aliasInUse(String(command.bugId), command.bugId);
  return attempt(() => {
    const own = requireOwnFields(command);
    const rest = requireProductFields(command, own.product);
    const fields = bugFields(own, rest);
    requireMandatoryCustomFields(command.rules.fields.customFields, fields);
    const flags = requireFlagOutcome(command.flags);
    const created = bugCreated(command, fields, rest.description);
    const requesteeCc = requesteesJoinCc(command, fields, flags);
    return [created, ...(requesteeCc ? [requesteeCc] : []), ...flagEvents(flags)];
  });
}

/** Bugzilla creates the bug, then its flags add their requestees to the CC list: a second change of the same append. */
function requesteesJoinCc(command: CreateBug, fields: BugFields, flags: AcceptedFlags | null): BugUpdated | null {
  const cc = ccWithRequestees(fields.cc, flags);
  if (cc.length === fields.cc.length) return null;
  const after = { ...fields, cc };
  return {
    type: 'BugUpdated',
    data: {
      bugId: command.bugId,
      changedBy: command.actor.user,
      changes: changesBetween(fields, after),
      participants: { before: participantsOf(command.actor.user, fields), after: participantsOf(command.actor.user, after) },
    },
  };
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

/** The stream's first event: the fields, and the description as comment 0. */
function bugCreated(command: CreateBug, fields: BugFields, text: string): BugCreated {
  const { actor, input } = command;
  const description: DescriptionFacts = {
    commentId: command.commentId,
    count: 0,
    text,
    isPrivate: input.commentIsPrivate === true,
    isMarkdown: input.isMarkdown === true,
    workTime: 0,
    tags: [],
    attachmentId: null,
    addedText: null,
  };
  return {
    type: 'BugCreated',
    data: { bugId: command.bugId, reporter: actor.user, fields, description, participants: participantsOf(actor.user, fields) },
  };
}
