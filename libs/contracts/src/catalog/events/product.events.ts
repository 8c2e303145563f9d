import type { DomainEvent } from '../../events/event-envelope';
import { streamType } from '../../events/stream-type';
import type { CatalogChange, CatalogRef } from './change';
import type { ProductGroupControl } from './group-control';

/**
 * Events of a product stream (`product-<id>`): the product and everything that lives
 * inside it (components, versions, milestones, group controls). Every event names the
 * product as it is after the event, so that consumers keep denormalised names without
 * asking; renames carry both names.
 */
export const PRODUCT_STREAM_PREFIX = 'product-';
export const productStream = (id: number): string => `${PRODUCT_STREAM_PREFIX}${id}`;

interface InProduct {
  readonly productId: number;
  readonly productName: string;
}

export type ProductCreated = DomainEvent<
  'ProductCreated',
  {
    readonly productId: number;
    readonly name: string;
    readonly description: string;
    readonly classification: CatalogRef;
    readonly isActive: boolean;
    readonly allowsUnconfirmed: boolean;
    readonly defaultMilestone: string;
  }
>;

export interface ProductChanges {
  readonly name?: CatalogChange<string>;
  readonly description?: CatalogChange<string>;
  readonly defaultMilestone?: CatalogChange<string>;
  readonly isActive?: CatalogChange<boolean>;
  readonly allowsUnconfirmed?: CatalogChange<boolean>;
  readonly classification?: CatalogChange<CatalogRef>;
}

export type ProductUpdated = DomainEvent<'ProductUpdated', InProduct & { readonly changes: ProductChanges }>;

export type ComponentCreated = DomainEvent<
  'ComponentCreated',
  InProduct & {
    readonly componentId: number;
    readonly name: string;
    readonly description: string;
    readonly defaultAssigneeId: number;
    readonly defaultQaContactId: number | null;
    readonly defaultCcIds: readonly number[];
    readonly isActive: boolean;
  }
>;

export interface ComponentChanges {
  readonly name?: CatalogChange<string>;
  readonly description?: CatalogChange<string>;
  readonly defaultAssigneeId?: CatalogChange<number>;
  readonly defaultQaContactId?: CatalogChange<number | null>;
  readonly defaultCcIds?: CatalogChange<readonly number[]>;
  readonly isActive?: CatalogChange<boolean>;
}

export type ComponentUpdated = DomainEvent<
  'ComponentUpdated',
  InProduct & { readonly componentId: number; readonly name: string; readonly changes: ComponentChanges }
>;

export type VersionCreated = DomainEvent<
  'VersionCreated',
  InProduct & { readonly versionId: number; readonly name: string; readonly isActive: boolean }
>;

export interface VersionChanges {
  readonly name?: CatalogChange<string>;
  readonly isActive?: CatalogChange<boolean>;
}

export type VersionUpdated = DomainEvent<
  'VersionUpdated',
  InProduct & { readonly versionId: number; readonly name: string; readonly changes: VersionChanges }
>;

export type MilestoneCreated = DomainEvent<
  'MilestoneCreated',
  InProduct & { readonly milestoneId: number; readonly name: string; readonly sortKey: number; readonly isActive: boolean }
>;

export interface MilestoneChanges {
  readonly name?: CatalogChange<string>;
  readonly sortKey?: CatalogChange<number>;
  readonly isActive?: CatalogChange<boolean>;
}

/** Renaming the product's default milestone renames the default too (as Bugzilla does). */
export type MilestoneUpdated = DomainEvent<
  'MilestoneUpdated',
  InProduct & { readonly milestoneId: number; readonly name: string; readonly changes: MilestoneChanges }
>;

/** A group's control over the product was set, changed, or removed (`control: null`). */
export type GroupControlChanged = DomainEvent<
  'GroupControlChanged',
  InProduct & { readonly groupId: number; readonly previous: ProductGroupControl | null; readonly control: ProductGroupControl | null }
>;

/** Version 1 of GroupControlChanged: controls without `editcomponents`. */
type GroupControlV1 = Omit<ProductGroupControl, 'editcomponents'>;
export interface GroupControlChangedV1 extends InProduct {
  readonly groupId: number;
  readonly previous: GroupControlV1 | null;
  readonly control: GroupControlV1 | null;
}

/** 1 → 2: controls gained `editcomponents`; before, no group administered a product. */
export function upcastGroupControlChangedV1(data: unknown): GroupControlChanged['data'] {
  const old = data as GroupControlChangedV1;
  const add = (control: GroupControlV1 | null): ProductGroupControl | null =>
    control === null ? null : { ...control, editcomponents: false };
  return { ...old, previous: add(old.previous), control: add(old.control) };
}

export type ProductEvent =
  | ProductCreated
  | ProductUpdated
  | ComponentCreated
  | ComponentUpdated
  | VersionCreated
  | VersionUpdated
  | MilestoneCreated
  | MilestoneUpdated
  | GroupControlChanged;

export const productStreamType = streamType<ProductEvent>(PRODUCT_STREAM_PREFIX, {
  ProductCreated: [],
  ProductUpdated: [],
  ComponentCreated: [],
  ComponentUpdated: [],
  VersionCreated: [],
  VersionUpdated: [],
  MilestoneCreated: [],
  MilestoneUpdated: [],
  GroupControlChanged: [upcastGroupControlChangedV1],
});
