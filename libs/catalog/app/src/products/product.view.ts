import type { ComponentObject, GroupControlObject, GroupSummary, ProductObject, UserSummary, VersionObject } from '@tracker/contracts';
import { compareVersions } from '@tracker/catalog/domain';
import type { ComponentRow, GroupControlRow, ProductRow, VersionRow } from '../read-model/product.queries';

/** The contract's Product object from a product row and the users and groups it names. */
export function productObject(
  row: ProductRow,
  users: ReadonlyMap<number, UserSummary>,
  groups: ReadonlyMap<number, GroupSummary>,
): ProductObject {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_active: row.is_active,
    default_milestone: row.default_milestone,
    has_unconfirmed: row.allows_unconfirmed,
    classification: row.classification,
    ...(row.components ? { components: row.components.map((c) => componentObject(c, users)) } : {}),
    ...(row.versions
      ? { versions: [...row.versions].sort((a, b) => compareVersions(a.name, b.name) || a.id - b.id).map(versionObject) }
      : {}),
    ...(row.milestones ? { milestones: row.milestones.map(versionObject) } : {}),
    ...(row.group_controls ? { group_controls: row.group_controls.map((g) => groupControlObject(g, groups)) } : {}),
  };
}

function componentObject(row: ComponentRow, users: ReadonlyMap<number, UserSummary>): ComponentObject {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    default_assigned_to: users.get(row.default_assignee_id)?.login ?? '',
    default_qa_contact: row.default_qa_contact_id === null ? '' : (users.get(row.default_qa_contact_id)?.login ?? ''),
    // Bugzilla answers 0 here "to match Bug.fields"
    sort_key: 0,
    is_active: row.is_active,
    flag_types: { bug: [], attachment: [] },
  };
}

function versionObject(row: VersionRow): VersionObject {
  return { id: row.id, name: row.name, sort_key: row.sort_key, is_active: row.is_active };
}

function groupControlObject(row: GroupControlRow, groups: ReadonlyMap<number, GroupSummary>): GroupControlObject {
  return {
    group: groups.get(row.group_id)?.name ?? '',
    group_id: row.group_id,
    entry: row.entry,
    membercontrol: row.member_control,
    othercontrol: row.other_control,
    canedit: row.can_edit,
    editcomponents: row.editcomponents,
  };
}

/** Every user a list of products names (default assignees, QA contacts), to resolve in one lookup. */
export function usersNamedBy(rows: readonly ProductRow[]): number[] {
  return rows.flatMap((row) =>
    (row.components ?? []).flatMap((c) => [
      c.default_assignee_id,
      ...(c.default_qa_contact_id === null ? [] : [c.default_qa_contact_id]),
      ...c.default_cc_ids,
    ]),
  );
}

export function groupsNamedBy(rows: readonly ProductRow[]): number[] {
  return rows.flatMap((row) => (row.group_controls ?? []).map((g) => g.group_id));
}
