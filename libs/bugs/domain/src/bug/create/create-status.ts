import { type DomainError, isDomainError } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import type { Actor } from '../../rules/actor';
import { type BugRules, findValue, type ProductRules, statusRule, type TransitionRule } from '../../rules/bug-rules';
import { checkSelect } from '../fields/select-fields';
import { refuse } from '../refusal';

const UNCONFIRMED = 'UNCONFIRMED';

/** The statuses a new bug of the product may start in (UNCONFIRMED only where the product has it). */
export function initialStatuses(rules: BugRules, product: ProductRules): readonly TransitionRule[] {
  return rules.fields.initialStatuses.filter((status) => product.hasUnconfirmed || status.name !== UNCONFIRMED);
}

/**
 * Bugzilla's _check_bug_status on create: users with editbugs or canconfirm pick any
 * initial status (by default the first that is not UNCONFIRMED); everyone else gets
 * UNCONFIRMED where the product has it, whatever they asked for.
 */
export function requireCreateStatus(
  actor: Actor,
  rules: BugRules,
  product: ProductRules,
  requested: string | undefined,
  description: string,
): { status: string; isOpen: boolean } {
  const valid = initialStatuses(rules, product);
  const first = valid[0]?.name ?? UNCONFIRMED;
  let wanted: string;
  if (actor.editbugs || actor.canconfirm) {
    wanted = requested?.trim() || (valid.length === 1 || first !== UNCONFIRMED ? first : (valid[1]?.name ?? first));
  } else {
    wanted = valid.some((status) => status.name === UNCONFIRMED) ? UNCONFIRMED : first;
  }
  const status = statusRule(rules, wanted) ?? refuse(BugErrors.objectDoesNotExist('status', wanted));
  const transition =
    valid.find((candidate) => candidate.name === status.name) ?? refuse(BugErrors.illegalStatusTransition(null, status.name));
  if (transition.commentRequired && description === '') refuse(BugErrors.commentRequiredOnChange('status', null, status.name));
  return { status: status.name, isOpen: status.isOpen };
}

/** Bugzilla's _check_resolution on create: only a closed bug has one, and never DUPLICATE. */
export function checkCreateResolution(
  rules: BugRules,
  isOpen: boolean,
  status: string,
  requested: string | undefined,
): string | DomainError {
  const wanted = (requested ?? '').trim();
  if (wanted === '') return isOpen ? '' : BugErrors.missingResolution(status);
  const resolution = checkSelect(rules, 'resolution', wanted);
  if (isDomainError(resolution)) return resolution;
  if (isOpen) return BugErrors.resolutionNotAllowed();
  if (resolution === 'DUPLICATE') return BugErrors.dupeIdRequired();
  return findValue(rules.fields.resolutions, resolution)?.name ?? resolution;
}
