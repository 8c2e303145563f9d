import type { Provider } from '@nestjs/common';
import { ProjectionCheckpoints1763800000000, READ_MODEL, type ReadModel, ReadModelModule } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';
import { CatalogProjection } from './catalog.projection';
import { FieldQueries } from './field.queries';
import { CreateCatalogTables1764100000000 } from './migrations/1764100000000-create-catalog-tables';
import { GroupControlEditcomponents1764100000001 } from './migrations/1764100000001-group-control-editcomponents';
import { NamedQueries } from './named.queries';
import { ProductQueries } from './product.queries';

export const CATALOG_SCHEMA = 'catalog';

/** The catalog's read model: schema `catalog`, tables by migration, one projection; all access is SQL (no entities). */
export const catalogReadModel = ReadModelModule.forService({
  schema: CATALOG_SCHEMA,
  entities: [],
  migrations: [ProjectionCheckpoints1763800000000, CreateCatalogTables1764100000000, GroupControlEditcomponents1764100000001],
  projections: [new CatalogProjection()],
});

const onDataSource = (type: new (source: DataSource) => unknown): Provider => ({
  provide: type,
  inject: [READ_MODEL],
  useFactory: (readModel: ReadModel) => new type(readModel.dataSource),
});

export const queryProviders: Provider[] = [ProductQueries, FieldQueries, NamedQueries].map(onDataSource);
