import { REBUILD_CATALOG_SUBJECT } from '@tracker/contracts';
import { readModelRebuildHandler } from '@tracker/platform/read-model';

/** `catalog.admin.rebuild`, also `POST /rest/catalog/rebuild` (docs/catalog.md): the catalog replayed from the log. */
export const RebuildCatalogHandler = readModelRebuildHandler(REBUILD_CATALOG_SUBJECT, 'run a rebuild of the catalog');
