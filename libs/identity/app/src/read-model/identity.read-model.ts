import type { Provider } from '@nestjs/common';
import { ProjectionCheckpoints1763800000000, READ_MODEL, type ReadModel, ReadModelModule } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';
import { CredentialQueries } from './credentials.queries';
import { GroupQueries } from './groups.queries';
import { IdentityProjection } from './identity.projection';
import { LoginFailureStore } from './login-failures.store';
import { GatewayLeaseStore } from './gateway-leases.store';
import { CreateIdentityTables1764000000000 } from './migrations/1764000000000-create-identity-tables';
import { CreateGatewayLeases1764900000000 } from './migrations/1764900000000-create-gateway-leases';
import { UserQueries } from './users.queries';

export const IDENTITY_SCHEMA = 'identity';

/** Identity's read model: schema `identity`, tables by migrations, one projection (no TypeORM entities: all access is SQL). */
export const identityReadModel = ReadModelModule.forService({
  schema: IDENTITY_SCHEMA,
  entities: [],
  migrations: [ProjectionCheckpoints1763800000000, CreateIdentityTables1764000000000, CreateGatewayLeases1764900000000],
  projections: [new IdentityProjection()],
});

const onDataSource = (type: new (source: DataSource) => unknown): Provider => ({
  provide: type,
  inject: [READ_MODEL],
  useFactory: (readModel: ReadModel) => new type(readModel.dataSource),
});

export const readModelProviders: Provider[] = [UserQueries, GroupQueries, CredentialQueries, LoginFailureStore, GatewayLeaseStore].map(
  onDataSource,
);
