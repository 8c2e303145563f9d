import type { GroupSummary, ProductRules, RuleUser, UserSummary } from '@tracker/contracts';
import { compareVersions } from '@tracker/catalog/domain';
import type { ProductRow } from '../read-model/product.queries';

/** A product with everything bug validation needs; people and groups as identity knows them now. */
export function productRules(
  row: ProductRow,
  users: ReadonlyMap<number, UserSummary>,
  groups: ReadonlyMap<number, GroupSummary>,
): ProductRules {
  const user = (id: number): RuleUser => ({ id, login: users.get(id)?.login ?? '' });
  return {
    id: row.id,
    name: row.name,
    classification: row.classification,
    isActive: row.is_active,
    hasUnconfirmed: row.allows_unconfirmed,
    defaultMilestone: row.default_milestone,
    components: (row.components ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      isActive: c.is_active,
      defaultAssignee: user(c.default_assignee_id),
      defaultQaContact: c.default_qa_contact_id === null ? null : user(c.default_qa_contact_id),
      defaultCc: c.default_cc_ids.map(user),
    })),
    versions: [...(row.versions ?? [])]
      .sort((a, b) => compareVersions(a.name, b.name) || a.id - b.id)
      .map((v) => ({ id: v.id, name: v.name, isActive: v.is_active, sortKey: 0 })),
    milestones: (row.milestones ?? []).map((m) => ({ id: m.id, name: m.name, isActive: m.is_active, sortKey: m.sort_key })),
    groupControls: (row.group_controls ?? []).map((g) => {
      const group = groups.get(g.group_id);
      return {
        group: { id: g.group_id, name: group?.name ?? '' },
        isActive: group?.isActive ?? false,
        isBugGroup: group?.isBugGroup ?? false,
        entry: g.entry,
        canEdit: g.can_edit,
        editcomponents: g.editcomponents,
        memberControl: g.member_control,
        otherControl: g.other_control,
      };
    }),
    access: { canSee: row.selectable, canEnter: row.enterable, canEdit: row.can_edit },
  };
}
