import { type FlagTypeChanges, type FlagTypeClusion, type NamedRef, summaryDifference, type WireChanges } from '@tracker/contracts';
import { joinCcList } from './flag-type-fields';

/**
 * The `changes` of one type in FlagType.update's reply, from its FlagTypeUpdated: Bugzilla's
 * column names (`sortkey`, `is_requesteeble`, `grant_group_id`, ...), booleans "1"/"0",
 * group ids as text ('' for none), the cc list as stored. Clusions are `Product:Component`
 * entries (`__Any__` for any) removed and added, each list sorted and joined by ", "
 * (Bugzilla answers `{removed: "0", added: "1"}` whenever they are given).
 */
export function flagTypeChangesReport(data: { readonly changes: FlagTypeChanges; readonly before: FlagTypeChanges }): WireChanges {
  const report: Record<string, { removed: string; added: string }> = {};
  const put = (key: string, removed: string, added: string): void => {
    if (removed !== added) report[key] = { removed, added };
  };
  const { changes, before } = data;
  const text = <K extends keyof FlagTypeChanges>(key: K, wire: string, show: (value: NonNullable<FlagTypeChanges[K]>) => string): void => {
    const after = changes[key];
    const was = before[key];
    if (after !== undefined && was !== undefined) put(wire, show(was), show(after));
  };
  text('name', 'name', String);
  text('description', 'description', String);
  text('ccList', 'cc_list', joinCcList);
  text('sortKey', 'sortkey', String);
  text('isActive', 'is_active', bit);
  text('isRequestable', 'is_requestable', bit);
  text('isRequesteeble', 'is_requesteeble', bit);
  text('isMultiplicable', 'is_multiplicable', bit);
  if ('grantGroup' in changes) put('grant_group_id', groupId(before.grantGroup), groupId(changes.grantGroup));
  if ('requestGroup' in changes) put('request_group_id', groupId(before.requestGroup), groupId(changes.requestGroup));
  for (const key of ['inclusions', 'exclusions'] as const) {
    const after = changes[key];
    if (after === undefined) continue;
    const { removed, added } = summaryDifference((before[key] ?? []).map(clusionName), after.map(clusionName));
    if (removed.length > 0 || added.length > 0) report[key] = { removed: removed.sort().join(', '), added: added.sort().join(', ') };
  }
  return report;
}

const ANY = '__Any__';

/** `Product:Component`, as Bugzilla names a clusion. */
export function clusionName(clusion: FlagTypeClusion): string {
  return `${clusion.product?.name ?? ANY}:${clusion.component?.name ?? ANY}`;
}

function bit(value: boolean): string {
  return value ? '1' : '0';
}

function groupId(group: NamedRef | null | undefined): string {
  return group ? String(group.id) : '';
}
