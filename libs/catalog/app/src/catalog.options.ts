import type { EnvReader } from '@tracker/platform/config';

/** What the catalog service reads from the environment (listed in the README). */
export interface CatalogOptions {
  readonly placeholder?: never;
}

export const CATALOG_OPTIONS = Symbol('CATALOG_OPTIONS');

/** Called by each app's config.ts, the only code that touches process.env. */
export function readCatalogOptions(_env: EnvReader): CatalogOptions {
  return {};
}
