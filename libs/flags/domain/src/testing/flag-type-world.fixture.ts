import type { FlagTypeCreated } from '@tracker/contracts';
import { flagTypeSettings } from './flag-type-settings.fixture';
import type { ClusionProduct, CreateFlagType, FlagTypeAdmin, FlagTypeValues, UpdateFlagType } from '../flag-type/flag-type.commands';

/**
 * The catalog and callers of the flag-type specs: products RefProduct (RefComponent, Backend)
 * and Other (Main), Hidden (not visible to the caller); groups granters and requesters.
 */
export const REF = { id: 1, name: 'RefProduct' };
export const REF_COMPONENT = { id: 11, name: 'RefComponent' };
export const BACKEND = { id: 12, name: 'Backend' };
export const OTHER = { id: 2, name: 'Other' };
export const MAIN = { id: 21, name: 'Main' };
export const PRODUCTS: readonly ClusionProduct[] = [
  { ...REF, visible: true, components: [REF_COMPONENT, BACKEND] },
  { ...OTHER, visible: true, components: [MAIN] },
  { id: 3, name: 'Hidden', visible: false, components: [{ id: 31, name: 'Secret' }] },
];
export const GRANTERS = { id: 10, name: 'granters' };
export const REQUESTERS = { id: 11, name: 'requesters' };

export const EDITCOMPONENTS: FlagTypeAdmin = { loggedIn: true, global: true, productIds: [] };
export const REF_ADMIN: FlagTypeAdmin = { loggedIn: true, global: false, productIds: [REF.id] };
export const PLAIN_USER: FlagTypeAdmin = { loggedIn: true, global: false, productIds: [] };
export const LOGGED_OUT: FlagTypeAdmin = { loggedIn: false, global: false, productIds: [] };

/** golden 121's values: review1 on attachments of RefProduct, sort key 10 */
export const REVIEW_VALUES: FlagTypeValues = {
  name: 'review1',
  description: 'Code review',
  inclusions: ['RefProduct'],
  isRequestable: true,
  isRequesteeble: true,
  isMultiplicable: true,
  sortKey: 10,
};

export function create(values: FlagTypeValues = REVIEW_VALUES, overrides: Partial<CreateFlagType> = {}): CreateFlagType {
  return {
    kind: 'CreateFlagType',
    typeId: 1,
    admin: EDITCOMPONENTS,
    targetType: 'attachment',
    values,
    products: PRODUCTS,
    groups: [GRANTERS, REQUESTERS],
    ...overrides,
  };
}

export function update(values: UpdateFlagType['values'], overrides: Partial<UpdateFlagType> = {}): UpdateFlagType {
  return { kind: 'UpdateFlagType', typeId: 1, admin: EDITCOMPONENTS, values, groups: [GRANTERS, REQUESTERS], ...overrides };
}

/** review1 as golden 121 creates it */
export const REVIEW_CREATED: FlagTypeCreated = {
  type: 'FlagTypeCreated',
  data: {
    typeId: 1,
    ...flagTypeSettings('review1', {
      description: 'Code review',
      targetType: 'attachment',
      sortKey: 10,
      inclusions: [{ product: REF, component: null }],
    }),
  },
};

export function created(settings: Partial<FlagTypeCreated['data']>): FlagTypeCreated {
  return { type: 'FlagTypeCreated', data: { ...REVIEW_CREATED.data, ...settings } };
}
