import { type BugWire, formatDateTime, type UserDetailWire, type UserRef } from '@tracker/contracts';
import { CustomFieldType, textOf } from '@tracker/bugs/domain';
import type { BugDocument } from '../read-model/bug-document';
import type { CustomFieldDefinition, UserName } from '../read-model/bug.queries';

/** What turning documents into Bug.get / Bug.search objects needs besides them. */
export interface BugView {
  readonly users: ReadonlyMap<number, UserName>;
  readonly customFields: readonly CustomFieldDefinition[];
  readonly timetracker: boolean;
  /** the reader's personal tags by bug, when they asked for `tags` */
  readonly tags: ReadonlyMap<number, readonly string[]> | null;
  readonly updateToken: ((doc: BugDocument) => string) | null;
}

/** The current login of a user (identity's), else the one the bug recorded. */
function loginOf(view: BugView, user: UserRef): string {
  return view.users.get(user.id)?.login ?? user.login;
}

function detail(view: BugView, user: UserRef): UserDetailWire {
  const login = loginOf(view, user);
  return { id: user.id, real_name: view.users.get(user.id)?.realName ?? '', name: login, email: login };
}

/** Bugzilla's _bug_to_hash (reference §8.2): every default field with its type, then the rest. */
export function bugWire(doc: BugDocument, view: BugView): BugWire {
  const f = doc.fields;
  const wire: Record<string, unknown> = {
    actual_time: doc.actualTime,
    alias: f.alias,
    assigned_to: loginOf(view, f.assignee),
    assigned_to_detail: detail(view, f.assignee),
    blocks: f.blocks,
    cc: f.cc.map((user) => loginOf(view, user)),
    cc_detail: f.cc.map((user) => detail(view, user)),
    classification: f.classification,
    component: f.component.name,
    creation_time: formatDateTime(doc.creationTime),
    creator: loginOf(view, doc.reporter),
    creator_detail: detail(view, doc.reporter),
    deadline: f.deadline,
    depends_on: f.dependsOn,
    dupe_of: f.dupeOf,
    estimated_time: f.estimatedTime,
    groups: f.groups.map((group) => group.name),
    id: doc.id,
    is_cc_accessible: f.isCcAccessible,
    is_confirmed: f.isConfirmed,
    is_creator_accessible: f.isCreatorAccessible,
    is_open: f.isOpen,
    keywords: f.keywords,
    last_change_time: formatDateTime(doc.lastChangeTime),
    op_sys: f.opSys,
    platform: f.platform,
    priority: f.priority,
    product: f.product.name,
    qa_contact: f.qaContact ? loginOf(view, f.qaContact) : '',
    remaining_time: f.remainingTime,
    resolution: f.resolution,
    see_also: f.seeAlso,
    severity: f.severity,
    status: f.status,
    summary: f.summary,
    target_milestone: f.targetMilestone,
    url: f.url,
    version: f.version,
    whiteboard: f.whiteboard,
  };
  if (f.qaContact) wire['qa_contact_detail'] = detail(view, f.qaContact);
  if (!view.timetracker) {
    delete wire['actual_time'];
    delete wire['estimated_time'];
    delete wire['remaining_time'];
  }
  for (const field of view.customFields) wire[field.name] = customWire(field, f.customFields[field.name]);
  if (view.tags) wire['tags'] = view.tags.get(doc.id) ?? [];
  if (view.updateToken) wire['update_token'] = view.updateToken(doc);
  return wire as BugWire;
}

function customWire(field: CustomFieldDefinition, value: unknown): unknown {
  switch (field.type) {
    case CustomFieldType.bugId:
      return typeof value === 'number' ? value : null;
    case CustomFieldType.multiSelect:
      return Array.isArray(value) ? value : [];
    case CustomFieldType.dateTime:
    case CustomFieldType.date:
      return typeof value === 'string' && value !== '' ? formatDateTime(value.length === 10 ? `${value}T00:00:00Z` : value) : null;
    case CustomFieldType.singleSelect:
      return value === undefined || value === null ? '---' : textOf(value);
    default:
      return value === undefined || value === null ? '' : textOf(value);
  }
}

/** Every user a list of bugs shows. */
export function usersShown(docs: readonly BugDocument[]): number[] {
  return [
    ...new Set(
      docs.flatMap((doc) => [
        doc.reporter.id,
        doc.fields.assignee.id,
        ...(doc.fields.qaContact ? [doc.fields.qaContact.id] : []),
        ...doc.fields.cc.map((user) => user.id),
      ]),
    ),
  ];
}
