/**
 * For the flags service (docs/flags.md §1, §2.3): the products the caller administers, as
 * Bugzilla's `check_can_admin_flagtype` reads them: every product with global editcomponents
 * (`all`), else those where a group of the caller has editcomponents in the product's group
 * controls. Answered for the request's auth.
 */
export const ADMINISTERED_PRODUCTS_SUBJECT = 'catalog.products.administered';

export type AdministeredProductsParams = Record<string, never>;

export interface AdministeredProductsResult {
  readonly all: boolean;
  /** ascending; empty when `all` */
  readonly productIds: readonly number[];
}
