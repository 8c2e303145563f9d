import type { ProductGroupControl, CatalogRef } from '@tracker/contracts';

/**
 * What may be done to a product stream. Ids, user ids and the facts that live in other
 * streams (is this name taken by another product? is that group an active bug group?)
 * are found by the handler and carried in the command; the decider decides.
 */
export interface CreateProduct {
  readonly kind: 'CreateProduct';
  readonly productId: number;
  readonly versionId: number;
  readonly milestoneId: number;
  readonly name: string | undefined;
  readonly description: string | undefined;
  readonly version: string | undefined;
  readonly defaultMilestone: string | undefined;
  readonly classification: CatalogRef;
  readonly isActive: boolean;
  readonly allowsUnconfirmed: boolean;
  /** the existing product whose name equals `name` regardless of case, if any */
  readonly nameInUse: string | null;
  readonly useTargetMilestone: boolean;
}

export interface UpdateProduct {
  readonly kind: 'UpdateProduct';
  readonly name?: string;
  readonly description?: string;
  readonly defaultMilestone?: string;
  readonly isActive?: boolean;
  readonly allowsUnconfirmed?: boolean;
  readonly classification?: CatalogRef;
  /** Tracker extension: group controls to set, in the same change */
  readonly groupControls?: readonly GroupControlRequest[];
  /** another product whose name equals the new `name` regardless of case, if any */
  readonly nameInUse: string | null;
  readonly useTargetMilestone: boolean;
}

export interface CreateComponent {
  readonly kind: 'CreateComponent';
  readonly componentId: number;
  readonly name: string | undefined;
  readonly description: string | undefined;
  /** null when none was given (an unknown login is refused before, as error 51) */
  readonly defaultAssigneeId: number | null;
  readonly defaultQaContactId: number | null;
  readonly defaultCcIds: readonly number[];
  readonly isActive: boolean;
}

export interface UpdateComponent {
  readonly kind: 'UpdateComponent';
  readonly componentId: number;
  readonly name?: string;
  readonly description?: string;
  /** null: the client asked to clear the default assignee, which is refused */
  readonly defaultAssigneeId?: number | null;
  readonly defaultQaContactId?: number | null;
  readonly defaultCcIds?: readonly number[];
  readonly isActive?: boolean;
}

export interface CreateVersion {
  readonly kind: 'CreateVersion';
  readonly versionId: number;
  readonly name: string | undefined;
  readonly isActive: boolean;
}

export interface UpdateVersion {
  readonly kind: 'UpdateVersion';
  readonly versionId: number;
  readonly name?: string;
  readonly isActive?: boolean;
}

export interface CreateMilestone {
  readonly kind: 'CreateMilestone';
  readonly milestoneId: number;
  readonly name: string | undefined;
  readonly sortKey: number;
  readonly isActive: boolean;
}

export interface UpdateMilestone {
  readonly kind: 'UpdateMilestone';
  readonly milestoneId: number;
  readonly name?: string;
  readonly sortKey?: number;
  readonly isActive?: boolean;
}

export interface GroupControlRequest {
  readonly group: CatalogRef;
  readonly isActiveBugGroup: boolean;
  /** what to change; members and others must be given together */
  readonly settings: Partial<ProductGroupControl>;
}

/** The installer's test product and component, appended together so that a crash cannot split them. */
export interface InstallProduct {
  readonly kind: 'InstallProduct';
  readonly product: CreateProduct;
  readonly component: CreateComponent;
}

export type ProductCommand =
  | InstallProduct
  | CreateProduct
  | UpdateProduct
  | CreateComponent
  | UpdateComponent
  | CreateVersion
  | UpdateVersion
  | CreateMilestone
  | UpdateMilestone;
