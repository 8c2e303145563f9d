import { type DynamicModule, Module } from '@nestjs/common';
import { commandProviders } from '@tracker/platform/command-handler';
import { healthController } from '@tracker/platform/messaging';
import { CatalogClient } from './collaborators/catalog.client';
import { IdentityClient } from './collaborators/identity.client';
import { DecideFlagsHandler } from './decide-flags/decide-flags.handler';
import { FlagsOfHandler } from './flags-of/flags-of.handler';
import { GetFlagActivityHandler } from './flag-activity/get-flag-activity.handler';
import { ActivityQueries } from './read-model/activity.queries';
import { BugsClient } from './collaborators/bugs.client';
import { FlagQueries } from './read-model/flag.queries';
import { CreateFlagTypeHandler } from './flag-types/create-flag-type.handler';
import { EmbeddedFlagTypesHandler } from './flag-types/embedded-flag-types.handler';
import { GetFlagTypesHandler } from './flag-types/get-flag-types.handler';
import { UpdateFlagTypeHandler } from './flag-types/update-flag-type.handler';
import { FlagTypeReconciler } from './flag-types/flag-type-reconciler';
import { FlagTypeReconcileTimer } from './flag-types/flag-type-reconcile.timer';
import { CommentsClient } from './collaborators/comments.client';
import { FLAGS_OPTIONS, type FlagsOptions } from './flags.options';
import { FlagTypeQueries } from './read-model/flag-type.queries';
import { flagsReadModel, onDataSource } from './read-model/flags.read-model';
import { FlagsSyncHandler } from './read-model-admin/flags-sync.handler';
import { RebuildFlagsHandler } from './read-model-admin/rebuild-flags.handler';

/** The flags service: flag types, flags on bugs and attachments, flag activity (docs/flags.md). */
@Module({})
export class FlagsModule {
  static forRoot(options: FlagsOptions): DynamicModule {
    return {
      module: FlagsModule,
      imports: [flagsReadModel],
      controllers: [
        healthController('flags'),
        CreateFlagTypeHandler,
        UpdateFlagTypeHandler,
        GetFlagTypesHandler,
        EmbeddedFlagTypesHandler,
        DecideFlagsHandler,
        FlagsOfHandler,
        GetFlagActivityHandler,
        FlagsSyncHandler,
        RebuildFlagsHandler,
      ],
      providers: [
        { provide: FLAGS_OPTIONS, useValue: options },
        ...commandProviders(),
        onDataSource(FlagTypeQueries),
        onDataSource(FlagQueries),
        onDataSource(ActivityQueries),
        BugsClient,
        CommentsClient,
        FlagTypeReconciler,
        FlagTypeReconcileTimer,
        CatalogClient,
        IdentityClient,
      ],
    };
  }
}
