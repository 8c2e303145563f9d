import type { DomainEvent } from '../../events/event-envelope';
import { streamType } from '../../events/stream-type';

/**
 * The stream whose one event says the catalog's defaults are installed completely, so
 * that later starts skip the installation (and never wait for identity).
 */
export const CATALOG_INSTALLATION_STREAM = 'catalog-installation';

/** `version` is the installation plan's version, not the event's shape version. */
export type CatalogInstalled = DomainEvent<'CatalogInstalled', { readonly version: number }>;

export const catalogInstallationStreamType = streamType<CatalogInstalled>(CATALOG_INSTALLATION_STREAM, { CatalogInstalled: [] });
