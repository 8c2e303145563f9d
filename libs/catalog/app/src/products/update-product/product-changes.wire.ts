import type { ProductEvent, ProductGroupControl, ServiceRequest, WireChanges } from '@tracker/contracts';
import type { IdentityClient } from '../../collaborators/identity.client';
import type { NamedQueries } from '../../read-model/named.queries';
import { wireChanges } from '../../wire/wire-changes';

const API_NAMES = {
  name: 'name',
  description: 'description',
  defaultMilestone: 'default_milestone',
  isActive: 'is_open',
  allowsUnconfirmed: 'has_unconfirmed',
  classification: 'classification',
} as const;

/**
 * Product.update's `changes` (Bugzilla's MAPPED_RETURNS names), plus Tracker's
 * `group_controls`: each changed group as `name: member/other[, entry][, canedit][, editcomponents]`.
 */
export async function productChanges(
  events: readonly ProductEvent[],
  request: Pick<ServiceRequest, 'auth' | 'correlationId'>,
  identity: IdentityClient,
  named: NamedQueries,
): Promise<WireChanges> {
  let changes: WireChanges = {};
  for (const event of events) {
    if (event.type !== 'ProductUpdated') continue;
    // a product remembers its classification's name as it was when it moved there
    const classification = event.data.changes.classification;
    const previous = classification ? await named.ref('classifications', classification.from.id) : undefined;
    changes = {
      ...changes,
      ...wireChanges(event.data.changes, API_NAMES, (key, value) =>
        key === 'classification' && previous && value === classification?.from ? previous : value,
      ),
    };
  }
  const controls = events.flatMap((event) => (event.type === 'GroupControlChanged' ? [event.data] : []));
  if (controls.length === 0) return changes;
  const groups = await identity.groupsById(
    request,
    controls.map((control) => control.groupId),
  );
  const describe = (groupId: number, control: ProductGroupControl | null): string[] => {
    if (!control) return [];
    const flags = [control.entry ? 'entry' : '', control.canEdit ? 'canedit' : '', control.editcomponents ? 'editcomponents' : ''].filter(
      (flag) => flag !== '',
    );
    return [`${groups.get(groupId)?.name ?? groupId}: ${[`${control.memberControl}/${control.otherControl}`, ...flags].join(', ')}`];
  };
  return {
    ...changes,
    group_controls: {
      added: controls.flatMap((c) => describe(c.groupId, c.control)).join('; '),
      removed: controls.flatMap((c) => describe(c.groupId, c.previous)).join('; '),
    },
  };
}
