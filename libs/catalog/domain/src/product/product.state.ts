import type { ProductGroupControl, CatalogRef, ProductEvent } from '@tracker/contracts';

/** A product as its decider sees it: the product and everything inside it. */
export interface ComponentState {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly defaultAssigneeId: number;
  readonly defaultQaContactId: number | null;
  readonly defaultCcIds: readonly number[];
  readonly isActive: boolean;
}

export interface VersionState {
  readonly id: number;
  readonly name: string;
  readonly isActive: boolean;
}

export interface MilestoneState {
  readonly id: number;
  readonly name: string;
  readonly sortKey: number;
  readonly isActive: boolean;
}

export interface ExistingProduct {
  readonly kind: 'present';
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly classification: CatalogRef;
  readonly isActive: boolean;
  readonly allowsUnconfirmed: boolean;
  readonly defaultMilestone: string;
  readonly components: readonly ComponentState[];
  readonly versions: readonly VersionState[];
  readonly milestones: readonly MilestoneState[];
  readonly groupControls: ReadonlyMap<number, ProductGroupControl>;
}

export type ProductState = { readonly kind: 'absent' } | ExistingProduct;

export const initialProductState = (): ProductState => ({ kind: 'absent' });

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  if (event.type === 'ProductCreated') {
    const { productId, name, description, classification, isActive, allowsUnconfirmed, defaultMilestone } = event.data;
    return {
      kind: 'present',
      id: productId,
      name,
      description,
      classification,
      isActive,
      allowsUnconfirmed,
      defaultMilestone,
      components: [],
      versions: [],
      milestones: [],
      groupControls: new Map(),
    };
  }
  if (state.kind === 'absent') return state;
  return evolveExisting(state, event);
}

function evolveExisting(state: ExistingProduct, event: Exclude<ProductEvent, { type: 'ProductCreated' }>): ExistingProduct {
  switch (event.type) {
    case 'ProductUpdated': {
      const c = event.data.changes;
      return {
        ...state,
        name: c.name?.to ?? state.name,
        description: c.description?.to ?? state.description,
        defaultMilestone: c.defaultMilestone?.to ?? state.defaultMilestone,
        isActive: c.isActive?.to ?? state.isActive,
        allowsUnconfirmed: c.allowsUnconfirmed?.to ?? state.allowsUnconfirmed,
        classification: c.classification?.to ?? state.classification,
      };
    }
    case 'ComponentCreated': {
      const { componentId, name, description, defaultAssigneeId, defaultQaContactId, defaultCcIds, isActive } = event.data;
      const component = { id: componentId, name, description, defaultAssigneeId, defaultQaContactId, defaultCcIds, isActive };
      return { ...state, components: [...state.components, component] };
    }
    case 'ComponentUpdated': {
      const c = event.data.changes;
      return {
        ...state,
        components: replace(state.components, event.data.componentId, (component) => ({
          ...component,
          name: c.name?.to ?? component.name,
          description: c.description?.to ?? component.description,
          defaultAssigneeId: c.defaultAssigneeId?.to ?? component.defaultAssigneeId,
          defaultQaContactId: c.defaultQaContactId ? c.defaultQaContactId.to : component.defaultQaContactId,
          defaultCcIds: c.defaultCcIds?.to ?? component.defaultCcIds,
          isActive: c.isActive?.to ?? component.isActive,
        })),
      };
    }
    case 'VersionCreated':
      return {
        ...state,
        versions: [...state.versions, { id: event.data.versionId, name: event.data.name, isActive: event.data.isActive }],
      };
    case 'VersionUpdated': {
      const c = event.data.changes;
      return {
        ...state,
        versions: replace(state.versions, event.data.versionId, (v) => ({
          ...v,
          name: c.name?.to ?? v.name,
          isActive: c.isActive?.to ?? v.isActive,
        })),
      };
    }
    case 'MilestoneCreated': {
      const { milestoneId, name, sortKey, isActive } = event.data;
      return { ...state, milestones: [...state.milestones, { id: milestoneId, name, sortKey, isActive }] };
    }
    case 'MilestoneUpdated': {
      const c = event.data.changes;
      // The default milestone is stored by name: renaming it renames the default.
      const renamesDefault = c.name !== undefined && c.name.from === state.defaultMilestone;
      return {
        ...state,
        defaultMilestone: renamesDefault && c.name ? c.name.to : state.defaultMilestone,
        milestones: replace(state.milestones, event.data.milestoneId, (m) => ({
          ...m,
          name: c.name?.to ?? m.name,
          sortKey: c.sortKey?.to ?? m.sortKey,
          isActive: c.isActive?.to ?? m.isActive,
        })),
      };
    }
    case 'GroupControlChanged': {
      const controls = new Map(state.groupControls);
      if (event.data.control) controls.set(event.data.groupId, event.data.control);
      else controls.delete(event.data.groupId);
      return { ...state, groupControls: controls };
    }
  }
}

function replace<T extends { readonly id: number }>(items: readonly T[], id: number, update: (item: T) => T): readonly T[] {
  return items.map((item) => (item.id === id ? update(item) : item));
}
