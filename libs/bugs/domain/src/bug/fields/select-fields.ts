import type { DomainError } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import { type BugRules, findValue, type ValueRule } from '../../rules/bug-rules';

/** The standard select fields, with the word Bugzilla's messages use for each. */
export const SELECT_FIELDS = {
  severity: { kind: 'Severity', values: (rules: BugRules) => rules.fields.severities },
  priority: { kind: 'Priority', values: (rules: BugRules) => rules.fields.priorities },
  platform: { kind: 'Hardware', values: (rules: BugRules) => rules.fields.platforms },
  opSys: { kind: 'OS', values: (rules: BugRules) => rules.fields.opSystems },
  resolution: { kind: 'Resolution', values: (rules: BugRules) => rules.fields.resolutions },
} as const;
export type SelectField = keyof typeof SELECT_FIELDS;

/** Bugzilla's _check_select_field: an existing value, named as the catalog names it. */
export function checkSelect(rules: BugRules, field: SelectField, value: string | undefined): string | DomainError {
  return checkValue(SELECT_FIELDS[field].kind, SELECT_FIELDS[field].values(rules), value);
}

export function checkValue(kind: string, values: readonly ValueRule[], value: string | undefined): string | DomainError {
  const name = (value ?? '').trim();
  if (name === '') return BugErrors.objectNotSpecified(kind);
  const found = findValue(values, name);
  return found ? found.name : BugErrors.objectDoesNotExist(kind, name);
}
