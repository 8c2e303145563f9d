import type { BugCreated, BugFields, CustomFieldValue, DescriptionFacts, DomainError } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import { findValue } from '../../rules/bug-rules';
import type { BugState } from '../bug.state';
import { participantsOf } from '../bug.state';
import { checkAlias, splitAliases } from '../fields/alias';
import { checkCustomValue, customFieldInput, defaultCustomValue } from '../fields/custom-fields';
import { checkMandatoryCustomFields } from '../fields/mandatory-fields';
import { checkDependencyLoops, resolveBugRefs } from '../fields/dependencies';
import { checkCreateGroups } from '../fields/groups';
import { checkCcList, checkUser, splitCc } from '../fields/people';
import { checkComponent, checkEnterableProduct, checkMilestone, checkVersion } from '../fields/product-values';
import { checkSeeAlso, splitSeeAlso } from '../fields/see-also';
import { checkSelect } from '../fields/select-fields';
import { checkCommentText, checkSummary, checkUrl } from '../fields/text-fields';
import { checkDeadline, checkHours } from '../fields/time-fields';
import { sortList } from '../bug-lists';
import { attempt, ok, refuse } from '../refusal';
import type { CreateBug } from './create-bug.command';
import { checkCreateResolution, checkCreateStatus } from './create-status';

/**
 * Bugzilla's Bug->create: each field validated in the order its validators run
 * (alphabetical, then the ones that depend on product, component and status), so that
 * the first error reported is the one Bugzilla reports. Fields the caller may not set
 * are defaulted, as Bugzilla does: dependencies without editbugs, time tracking without
 * timetracker, assignee and QA contact without editbugs, status without canconfirm.
 */
export function decideCreate(command: CreateBug, state: BugState): readonly BugCreated[] | DomainError {
  if (state.exists) return BugErrors.aliasInUse(String(command.bugId), command.bugId);
  return attempt(() => [created(command)]);
}

function created(command: CreateBug): BugCreated {
  const { actor, input, rules, users } = command;
  const params = rules.params;
  const alias = splitAliases(input.alias ?? []).map((raw) => ok(checkAlias(raw, command.aliasOwners, null)));
  const url = checkUrl(input.url, true);
  const severity = ok(checkSelect(rules, 'severity', input.severity ?? params.defaultSeverity));
  const isCcAccessible = input.isCcAccessible ?? true;
  const customInput = Object.fromEntries(
    [...rules.fields.customFields]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((field) => {
        const { given, value } = customFieldInput(input.customFields, field);
        return [field.name, given ? ok(checkCustomValue(field, value, command.bugRefs)) : defaultCustomValue(field)];
      }),
  ) as Record<string, CustomFieldValue>;
  const deadline = actor.timetracker && input.deadline !== undefined ? ok(checkDeadline(input.deadline)) : null;
  const estimatedTime = actor.timetracker ? ok(checkHours('estimated_time', input.estimatedTime ?? 0, false)) : 0;
  const opSys = ok(checkSelect(rules, 'opSys', input.opSys ?? params.defaultOpSys));
  const priority = ok(checkSelect(rules, 'priority', params.letSubmitterChoosePriority ? (input.priority ?? params.defaultPriority) : params.defaultPriority));
  const product = checkEnterableProduct(actor, rules, input.product);
  const remainingGiven = actor.timetracker ? ok(checkHours('remaining_time', input.remainingTime ?? 0, false)) : 0;
  const platform = ok(checkSelect(rules, 'platform', input.platform ?? params.defaultPlatform));
  const isCreatorAccessible = input.isCreatorAccessible ?? true;
  const summary = ok(checkSummary(input.summary));
  const whiteboard = input.whiteboard ?? '';
  const component = checkComponent(product, input.component, null);
  const assignee = actor.editbugs && input.assignedTo?.trim() ? ok(checkUser(users, input.assignedTo)) : component.defaultAssignee;
  const blockRefs = actor.editbugs ? ok(resolveBugRefs(splitAliases(input.blocks ?? []), command.bugRefs)) : [];
  const description = ok(checkCommentText(input.description));
  if (input.commentIsPrivate && !actor.insider) refuse(BugErrors.userNotInsider());
  const targetMilestone = checkMilestone(product, input.targetMilestone, null);
  const { status, isOpen } = checkCreateStatus(actor, rules, product, input.status, description);
  const cc = ok(checkCcList(users, splitCc(input.cc ?? [])));
  const dependsOn = actor.editbugs ? ok(resolveBugRefs(splitAliases(input.dependsOn ?? []), command.bugRefs)) : [];
  const loop = checkDependencyLoops(null, dependsOn, blockRefs, command.dependencyEdges);
  if (loop) refuse(loop);
  const resolution = input.resolution === undefined && isOpen ? '' : ok(checkCreateResolution(rules, isOpen, status, input.resolution));
  const groups = ok(checkCreateGroups(actor, product, input.groups));
  const keywords = splitAliases(input.keywords ?? []).map(
    (name) => findValue(rules.fields.keywords, name)?.name ?? refuse(BugErrors.objectDoesNotExist('keyword', name)),
  );
  // without useqacontact, bugs get no QA contact at all (Bugzilla's _check_qa_contact)
  const qaContact = !params.useQaContact ? null : actor.editbugs && input.qaContact?.trim() ? ok(checkUser(users, input.qaContact)) : component.defaultQaContact;
  const version = checkVersion(product, input.version, null);
  const seeAlso = splitSeeAlso(input.seeAlso ?? []).map((value) => ok(checkSeeAlso(value)));

  const fields: BugFields = {
    summary,
    product: { id: product.id, name: product.name },
    component: { id: component.id, name: component.name },
    classification: product.classification,
    version,
    targetMilestone,
    status,
    isOpen,
    resolution,
    isConfirmed: status !== 'UNCONFIRMED',
    dupeOf: null,
    priority,
    severity,
    platform,
    opSys,
    url,
    whiteboard,
    assignee,
    qaContact,
    isCcAccessible,
    isCreatorAccessible,
    deadline,
    estimatedTime,
    remainingTime: estimatedTime !== 0 ? estimatedTime : remainingGiven,
    alias: sortList('alias', alias),
    keywords: sortList('keywords', keywords),
    seeAlso: sortList('seeAlso', seeAlso),
    groups: sortList('groups', groups),
    blocks: sortList('blocks', blockRefs),
    dependsOn: sortList('dependsOn', dependsOn),
    cc: sortList('cc', [...cc, ...component.defaultCc]),
    customFields: customInput,
  };
  checkMandatoryCustomFields(command.rules.fields.customFields, fields);
  const descriptionFacts: DescriptionFacts = {
    commentId: command.commentId,
    count: 0,
    text: description,
    isPrivate: input.commentIsPrivate === true,
    isMarkdown: input.isMarkdown === true,
    workTime: 0,
    tags: [],
    attachmentId: null,
    addedText: null,
  };
  return {
    type: 'BugCreated',
    data: {
      bugId: command.bugId,
      reporter: actor.user,
      fields,
      description: descriptionFacts,
      participants: participantsOf(actor.user, fields),
    },
  };
}
