import type { CustomFieldValue, NamedRef, UserRef } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import { findValue, type ProductRules } from '../../rules/bug-rules';
import { checkAlias, splitAliases } from '../fields/alias';
import { checkCustomValue, customFieldInput, defaultCustomValue } from '../fields/custom-fields';
import { checkDependencyLoops, resolveBugRefs } from '../fields/dependencies';
import { checkCreateGroups } from '../fields/groups';
import { checkCcList, checkUser, splitCc } from '../fields/people';
import { requireComponent, requireEnterableProduct, requireMilestone, requireVersion } from '../fields/product-values';
import { checkSeeAlso, splitSeeAlso } from '../fields/see-also';
import { checkSelect } from '../fields/select-fields';
import { checkCommentText, checkSummary, checkUrl, checkWhiteboard } from '../fields/text-fields';
import { checkDeadline, checkHours } from '../fields/time-fields';
import { ok, refuse } from '../refusal';
import type { CreateBugFacts } from './create-bug.command';
import { checkCreateResolution, requireCreateStatus } from './create-status';

/** What Bugzilla's create validators accept before the product-dependent ones run. */
export interface OwnFields {
  readonly alias: string[];
  readonly url: string;
  readonly severity: string;
  readonly isCcAccessible: boolean;
  readonly customFields: Readonly<Record<string, CustomFieldValue>>;
  readonly deadline: string | null;
  readonly estimatedTime: number;
  readonly opSys: string;
  readonly priority: string;
  readonly product: ProductRules;
  /** remaining_time as given; the estimate replaces it when there is one */
  readonly remainingTime: number;
  readonly platform: string;
  readonly isCreatorAccessible: boolean;
  readonly summary: string;
  readonly whiteboard: string;
}

/** What the validators that need the product, component or status accept. */
export interface ProductFields {
  readonly component: ProductRules['components'][number];
  readonly assignee: UserRef;
  readonly blocks: number[];
  readonly description: string;
  readonly targetMilestone: string;
  readonly status: string;
  readonly isOpen: boolean;
  readonly cc: UserRef[];
  readonly dependsOn: number[];
  readonly resolution: string;
  readonly groups: NamedRef[];
  readonly keywords: string[];
  readonly qaContact: UserRef | null;
  readonly version: string;
  readonly seeAlso: string[];
}

/**
 * Bugzilla's create validators that need nothing else, in its (alphabetical) order, so
 * the first refusal is the one Bugzilla gives. Time tracking needs timetracker.
 */
export function requireOwnFields(command: CreateBugFacts): OwnFields {
  const { actor, input, rules } = command;
  const params = rules.params;
  const alias = splitAliases(input.alias ?? []).map((raw) => ok(checkAlias(raw, command.aliasOwners, null)));
  const url = ok(checkUrl(input.url, true));
  const severity = ok(checkSelect(rules, 'severity', input.severity ?? params.defaultSeverity));
  const isCcAccessible = input.isCcAccessible ?? true;
  const customFields = Object.fromEntries(
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
  const priority = ok(
    checkSelect(rules, 'priority', params.letSubmitterChoosePriority ? (input.priority ?? params.defaultPriority) : params.defaultPriority),
  );
  const product = requireEnterableProduct(actor, rules, input.product);
  const remainingTime = actor.timetracker ? ok(checkHours('remaining_time', input.remainingTime ?? 0, false)) : 0;
  const platform = ok(checkSelect(rules, 'platform', input.platform ?? params.defaultPlatform));
  const isCreatorAccessible = input.isCreatorAccessible ?? true;
  const summary = ok(checkSummary(input.summary));
  const whiteboard = ok(checkWhiteboard(input.whiteboard ?? ''));
  return {
    alias,
    url,
    severity,
    isCcAccessible,
    customFields,
    deadline,
    estimatedTime,
    opSys,
    priority,
    product,
    remainingTime,
    platform,
    isCreatorAccessible,
    summary,
    whiteboard,
  };
}

/**
 * The validators Bugzilla runs once product, component and status are known, in its
 * order. Without editbugs the component's people and no dependencies; without
 * canconfirm the initial status is decided for the reporter.
 */
export function requireProductFields(command: CreateBugFacts, product: ProductRules): ProductFields {
  const { actor, input, rules, users } = command;
  const component = requireComponent(product, input.component, null);
  const assignee = actor.editbugs && input.assignedTo?.trim() ? ok(checkUser(users, input.assignedTo)) : component.defaultAssignee;
  const blocks = actor.editbugs ? ok(resolveBugRefs(splitAliases(input.blocks ?? []), command.bugRefs)) : [];
  const description = ok(checkCommentText(input.description));
  if (input.commentIsPrivate && !actor.insider) refuse(BugErrors.userNotInsider());
  const targetMilestone = requireMilestone(product, input.targetMilestone, null);
  const { status, isOpen } = requireCreateStatus(actor, rules, product, input.status, description);
  const cc = ok(checkCcList(users, splitCc(input.cc ?? [])));
  const dependsOn = actor.editbugs ? ok(resolveBugRefs(splitAliases(input.dependsOn ?? []), command.bugRefs)) : [];
  const loop = checkDependencyLoops(null, dependsOn, blocks, command.dependencyEdges);
  if (loop) refuse(loop);
  const resolution = input.resolution === undefined && isOpen ? '' : ok(checkCreateResolution(rules, isOpen, status, input.resolution));
  const groups = ok(checkCreateGroups(actor, product, input.groups));
  const keywords = splitAliases(input.keywords ?? []).map(
    (name) => findValue(rules.fields.keywords, name)?.name ?? refuse(BugErrors.objectDoesNotExist('keyword', name)),
  );
  // without useqacontact, bugs get no QA contact at all (Bugzilla's _check_qa_contact)
  const qaContact = !rules.params.useQaContact
    ? null
    : actor.editbugs && input.qaContact?.trim()
      ? ok(checkUser(users, input.qaContact))
      : component.defaultQaContact;
  const version = requireVersion(product, input.version, null);
  const seeAlso = splitSeeAlso(input.seeAlso ?? []).map((value) => ok(checkSeeAlso(value)));
  return {
    component,
    assignee,
    blocks,
    description,
    targetMilestone,
    status,
    isOpen,
    cc,
    dependsOn,
    resolution,
    groups,
    keywords,
    qaContact,
    version,
    seeAlso,
  };
}
