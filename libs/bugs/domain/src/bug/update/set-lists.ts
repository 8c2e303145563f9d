import type { CustomFieldValue } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import { sortList } from '../bug-lists';
import { checkAlias, splitAliases } from '../fields/alias';
import { checkCustomValue, customFieldInput, isCustomFieldVisible, isEmptyCustomValue } from '../fields/custom-fields';
import { checkSeeAlso, splitSeeAlso } from '../fields/see-also';
import { standardValue } from '../fields/mandatory-fields';
import { ok } from '../refusal';
import type { ListEdit } from './update-bug.command';
import type { UpdateDraft } from './update-draft';

const SEE_ALSO = { internal: 'see_also', api: 'see_also' } as const;

/** Bugzilla's add_see_also / remove_see_also: URLs validated, duplicates (any case) skipped. */
export function editSeeAlso(draft: UpdateDraft, edit: ListEdit): void {
  let urls = [...draft.fields.seeAlso];
  for (const raw of splitSeeAlso(edit.add ?? [])) {
    const url = ok(checkSeeAlso(raw));
    if (urls.some((current) => current.toLowerCase() === url.toLowerCase())) continue;
    draft.requireChange(SEE_ALSO, '', url);
    urls.push(url);
  }
  for (const raw of splitSeeAlso(edit.remove ?? [])) {
    const kept = urls.filter((current) => current.toLowerCase() !== raw.toLowerCase());
    draft.requireChange(SEE_ALSO, urls, kept);
    urls = kept;
  }
  draft.setList('seeAlso', sortList('seeAlso', urls));
}

/**
 * Aliases: `set` becomes the adds and removes that reach it; an added alias replaces one
 * that differs only in case; a removed alias must match exactly.
 */
export function editAliases(draft: UpdateDraft, edit: ListEdit): void {
  let add = splitAliases(edit.add ?? []);
  let remove = splitAliases(edit.remove ?? []);
  if (edit.set) {
    const wanted = splitAliases(edit.set);
    add = wanted.filter((alias) => !draft.fields.alias.includes(alias));
    remove = draft.fields.alias.filter((alias) => !wanted.includes(alias));
  }
  let aliases = [...draft.fields.alias];
  for (const raw of add) {
    const alias = ok(checkAlias(raw, draft.command.aliasOwners, draft.bugId));
    aliases = [...aliases.filter((current) => current.toLowerCase() !== alias.toLowerCase()), alias];
  }
  aliases = aliases.filter((alias) => !remove.includes(alias));
  draft.setList('alias', sortList('alias', aliases));
}

/** Custom fields given in the update: validated per type, permission-checked, mandatory ones never emptied. */
export function setCustomFields(draft: UpdateDraft): void {
  const { rules, input, bugRefs } = draft.command;
  for (const field of [...rules.fields.customFields].sort((a, b) => a.name.localeCompare(b.name))) {
    const { given, value } = customFieldInput(input.customFields, field);
    if (!given) continue;
    const checked = ok(checkCustomValue(field, value, bugRefs));
    draft.setCustom(field.name, checked);
    const valueOf = (name: string): CustomFieldValue | undefined => standardValue(draft.fields, name) ?? draft.fields.customFields[name];
    if (field.isMandatory && isCustomFieldVisible(field, valueOf) && isEmptyCustomValue(field, checked)) {
      draft.refuseWith(BugErrors.requiredField(field.name));
    }
  }
}
