import type { BugFields, BugScalarFields, CustomFieldValue, DomainError, UserRef } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';
import { type ProductRules, productRules, statusRule } from '../../rules/bug-rules';
import type { ExistingBug } from '../bug.state';
import { refuse } from '../refusal';
import { type ChangeContext, type FieldValue, privilegeNeeded } from './can-change-field';
import type { UpdateBug } from './update-bug.command';

/** The comment an update adds: its own, its work time, or the duplicate note. */
export interface DraftComment {
  readonly text: string;
  readonly isPrivate: boolean;
  readonly isMarkdown: boolean;
  readonly workTime: number;
  readonly addedText: string | null;
}

/** How a field is named where Bugzilla's permission check and messages need it. */
export interface FieldNames {
  /** Bugzilla's internal name (check_can_change_field) */
  readonly internal: string;
  /** the API name (messages, changes) */
  readonly api: string;
}

/**
 * One bug's update while it is being decided: the fields as they become, and what
 * Bugzilla's setters remember along the way (the previous assignee and QA contact, the
 * product move, the comment, the duplicate). Local to one decision.
 */
export class UpdateDraft {
  fields: BugFields;
  productChanged = false;
  comment: DraftComment | null = null;
  readonly privacyChanges: Array<{ commentId: number; isPrivate: boolean }> = [];
  /** the duplicate's reporter joins the target's CC */
  addDupeCc = false;
  private readonly assigneeIds: number[];
  private readonly qaContactIds: number[];

  constructor(
    readonly command: UpdateBug,
    readonly before: ExistingBug,
  ) {
    this.fields = before.fields;
    this.assigneeIds = [before.fields.assignee.id];
    this.qaContactIds = before.fields.qaContact ? [before.fields.qaContact.id] : [];
  }

  get bugId(): number {
    return this.before.bugId;
  }

  get product(): ProductRules {
    return productRules(this.command.rules, this.fields.product.name) ?? refuse(BugErrors.entryAccessDenied(this.fields.product.name));
  }

  get hasComment(): boolean {
    return this.comment !== null && this.comment.text !== '';
  }

  changeContext(): ChangeContext {
    return {
      actor: this.command.actor,
      reporterId: this.before.reporter.id,
      assigneeIds: this.assigneeIds,
      qaContactIds: this.qaContactIds,
      isConfirmed: this.fields.isConfirmed,
      letSubmitterChoosePriority: this.command.rules.params.letSubmitterChoosePriority,
      isOpenStatus: (status) => statusRule(this.command.rules, status)?.isOpen ?? false,
    };
  }

  /** Refuses with 115 unless the actor may make this change (Bugzilla's _set_global_validator). */
  requireChange(names: FieldNames, before: FieldValue, after: FieldValue): void {
    const needed = privilegeNeeded(this.changeContext(), names.internal, before, after);
    if (needed !== null) refuse(BugErrors.illegalChange(names.api, needed, shown(before), shown(after)));
  }

  /** Sets a scalar field after the permission check. */
  set<K extends keyof BugScalarFields>(key: K, names: FieldNames, value: BugScalarFields[K]): void {
    this.requireChange(names, comparable(this.fields[key]), comparable(value));
    this.assign(key, value);
  }

  /** Sets a field without a permission check (Bugzilla's direct assignments). */
  assign<K extends keyof BugScalarFields>(key: K, value: BugScalarFields[K]): void {
    if (key === 'assignee') this.assigneeIds.push((value as UserRef).id);
    if (key === 'qaContact' && value !== null) this.qaContactIds.push((value as UserRef).id);
    this.fields = { ...this.fields, [key]: value };
  }

  setCustom(name: string, value: CustomFieldValue): void {
    this.requireChange({ internal: name, api: name }, comparable(this.fields.customFields[name] ?? null), comparable(value));
    this.fields = { ...this.fields, customFields: { ...this.fields.customFields, [name]: value } };
  }

  setList<K extends 'alias' | 'keywords' | 'seeAlso' | 'groups' | 'blocks' | 'dependsOn' | 'cc'>(key: K, value: BugFields[K]): void {
    this.fields = { ...this.fields, [key]: value };
  }

  refuseWith(error: DomainError): never {
    return refuse(error);
  }
}

/** A field's value as check_can_change_field compares it. */
export function comparable(value: unknown): FieldValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'number' ? item : String(item)));
  if (typeof value === 'object' && 'login' in value) return String((value as UserRef).login);
  if (typeof value === 'object' && 'name' in value) return String((value as { name: string }).name);
  return JSON.stringify(value);
}

function shown(value: FieldValue): string | undefined {
  if (value === null) return undefined;
  if (Array.isArray(value)) return value.join(', ') || undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value) || undefined;
}
