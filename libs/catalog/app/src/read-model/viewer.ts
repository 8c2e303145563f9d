import { type AuthContext, hasPermission } from '@tracker/contracts';

/**
 * Who reads products, as the product visibility rules need it: the caller's groups, and
 * whether the caller is an administrator (in Bugzilla the admin group is made member of
 * every group, so administrators see every product).
 */
export interface Viewer {
  readonly groupIds: readonly number[];
  readonly seesAll: boolean;
}

export function viewerOf(auth: AuthContext): Viewer {
  return { groupIds: auth.groupIds, seesAll: hasPermission(auth, 'admin') };
}

/**
 * Bugzilla's User.pm as SQL over a product `p`, with the viewer's groups as $1 and its
 * see-all flag as $2. Selectable: no Mandatory group the viewer is not in. Enterable:
 * open, no entry group the viewer is not in, an active component and an active version.
 * Can edit: no canedit group the viewer is not in.
 */
const OUTSIDE = `NOT (gc.group_id = ANY($1::integer[]))`;

export const SELECTABLE_SQL = `($2 OR NOT EXISTS (SELECT 1 FROM {s}.group_controls gc
  WHERE gc.product_id = p.id AND gc.member_control = 'MANDATORY' AND ${OUTSIDE}))`;

export const ENTERABLE_SQL = `(p.is_active
  AND ($2 OR NOT EXISTS (SELECT 1 FROM {s}.group_controls gc WHERE gc.product_id = p.id AND gc.entry AND ${OUTSIDE}))
  AND EXISTS (SELECT 1 FROM {s}.components c WHERE c.product_id = p.id AND c.is_active)
  AND EXISTS (SELECT 1 FROM {s}.versions v WHERE v.product_id = p.id AND v.is_active))`;

export const CAN_EDIT_SQL = `($2 OR NOT EXISTS (SELECT 1 FROM {s}.group_controls gc
  WHERE gc.product_id = p.id AND gc.can_edit AND ${OUTSIDE}))`;

export const viewerParams = (viewer: Viewer): [readonly number[], boolean] => [viewer.groupIds, viewer.seesAll];
