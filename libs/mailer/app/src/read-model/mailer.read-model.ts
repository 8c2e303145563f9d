import type { Provider } from '@nestjs/common';
import { ProjectionCheckpoints1763800000000, READ_MODEL, type ReadModel, ReadModelModule } from '@tracker/platform/read-model';
import type { DataSource } from 'typeorm';
import { MailChangesProjection } from './mail-changes.projection';
import { MailSettingsProjection } from './mail-settings.projection';
import { CreateMailTables1764900000000 } from './migrations/1764900000000-create-mail-tables';
import { CreateMailPreferences1765000000000 } from './migrations/1765000000000-create-mail-preferences';
import { AddPendingFieldValues1765100000000 } from './migrations/1765100000000-add-pending-field-values';
import { CreateWatches1765200000000 } from './migrations/1765200000000-create-watches';

export const MAILER_SCHEMA = 'mailer';

/** The notifier's tables, in order (its specs open the same schema). */
export const MAILER_MIGRATIONS = [
  ProjectionCheckpoints1763800000000,
  CreateMailTables1764900000000,
  CreateMailPreferences1765000000000,
  AddPendingFieldValues1765100000000,
  CreateWatches1765200000000,
];

/**
 * The notifier's tables: schema `mailer`, by migration, all access in SQL. No rebuild
 * message: the ledger of queued mails must survive, and a replay would only re-decide
 * changes the ledger already holds (docs/mail.md §5).
 */
export const mailerReadModel = ReadModelModule.forService({
  schema: MAILER_SCHEMA,
  entities: [],
  migrations: MAILER_MIGRATIONS,
  projections: [new MailChangesProjection(), new MailSettingsProjection()],
});

/** A query class of this read model, built on its data source. */
export const onDataSource = (type: new (source: DataSource) => unknown): Provider => ({
  provide: type,
  inject: [READ_MODEL],
  useFactory: (readModel: ReadModel) => new type(readModel.dataSource),
});
