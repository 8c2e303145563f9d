import type { Provider } from '@nestjs/common';
import { ProjectionCheckpoints1763800000000, READ_MODEL, type ReadModel, ReadModelModule } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';
import { FlagTypesProjection } from './flag-types.projection';
import { CreateFlagTypesTables1764300000000 } from './migrations/1764300000000-create-flag-types-tables';
import { CreateFlagsTables1764300000001 } from './migrations/1764300000001-create-flags-tables';
import { FlagsProjection } from './flags.projection';

export const FLAGS_SCHEMA = 'flags';

/**
 * The flags read model: schema `flags`, tables by migration (flag types here; flags and
 * activity in their own migration), all access in SQL (no entities).
 */
export const flagsReadModel = ReadModelModule.forService({
  schema: FLAGS_SCHEMA,
  entities: [],
  migrations: [ProjectionCheckpoints1763800000000, CreateFlagTypesTables1764300000000, CreateFlagsTables1764300000001],
  projections: [new FlagTypesProjection(), new FlagsProjection()],
});

/** A query class of this read model, built on its data source. */
export const onDataSource = (type: new (source: DataSource) => unknown): Provider => ({
  provide: type,
  inject: [READ_MODEL],
  useFactory: (readModel: ReadModel) => new type(readModel.dataSource),
});
