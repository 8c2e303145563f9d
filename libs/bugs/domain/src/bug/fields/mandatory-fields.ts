import type { BugFields, CustomFieldValue } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import type { CustomFieldRule } from '../../rules/bug-rules';
import { refuse } from '../refusal';
import { isCustomFieldVisible, isEmptyCustomValue } from './custom-fields';

/** Mandatory custom fields shown when filing must have a value, if visible for this bug. */
export function requireMandatoryCustomFields(customFields: readonly CustomFieldRule[], fields: BugFields): void {
  const valueOf = (name: string): CustomFieldValue | undefined => standardValue(fields, name) ?? fields.customFields[name];
  for (const field of customFields) {
    if (!field.isMandatory || !field.isOnBugEntry || !isCustomFieldVisible(field, valueOf)) continue;
    if (isEmptyCustomValue(field, fields.customFields[field.name] ?? null)) refuse(BugErrors.requiredField(field.name));
  }
}

/** The value of a standard field by its API name, for custom field visibility. */
export function standardValue(fields: BugFields, name: string): CustomFieldValue | undefined {
  const byName: Readonly<Record<string, CustomFieldValue>> = {
    product: fields.product.name,
    component: fields.component.name,
    classification: fields.classification,
    status: fields.status,
    bug_status: fields.status,
    resolution: fields.resolution,
    priority: fields.priority,
    severity: fields.severity,
    bug_severity: fields.severity,
    platform: fields.platform,
    rep_platform: fields.platform,
    op_sys: fields.opSys,
    version: fields.version,
    target_milestone: fields.targetMilestone,
    keywords: fields.keywords,
  };
  return byName[name];
}
