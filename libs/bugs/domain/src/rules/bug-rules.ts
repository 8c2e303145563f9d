import type { BugRulesResult, StatusRule } from '@tracker/contracts';

/**
 * Everything the installation's catalog decides about bugs (legal values, the status
 * workflow, products with components, versions, milestones and group controls, the
 * parameters that change bug rules), as the catalog answers `catalog.bug-rules.resolve`
 * at the moment of the request. The deciders take it as plain data.
 */
export type BugRules = Pick<BugRulesResult, 'params' | 'fields' | 'products'>;

export type {
  ComponentRule,
  ControlValue,
  CustomFieldRule,
  GroupControlRule,
  InstallationParams,
  ProductRules,
  StatusRule,
  TransitionRule,
  ValueRule,
} from '@tracker/contracts';

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export function productRules(rules: BugRules, name: string): BugRules['products'][number] | undefined {
  return rules.products.find((product) => same(product.name, name.trim()));
}

/** Select values match case-insensitively, as on MySQL; the stored name is the catalog's. */
export function findValue<T extends { readonly name: string }>(values: readonly T[], name: string): T | undefined {
  return values.find((value) => value.name === name) ?? values.find((value) => same(value.name, name));
}

export function statusRule(rules: Pick<BugRules, 'fields'>, name: string): StatusRule | undefined {
  return findValue(rules.fields.statuses, name);
}
