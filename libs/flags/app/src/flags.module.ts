import { type DynamicModule, Module } from '@nestjs/common';
import { commandProviders } from '@tracker/platform/command-handler';
import { healthController } from '@tracker/platform/messaging';
import { CatalogClient } from './collaborators/catalog.client';
import { IdentityClient } from './collaborators/identity.client';
import { FLAGS_OPTIONS, type FlagsOptions } from './flags.options';
import { flagsReadModel } from './read-model/flags.read-model';
import { FlagsSyncHandler } from './read-model-admin/flags-sync.handler';
import { RebuildFlagsHandler } from './read-model-admin/rebuild-flags.handler';

/** The flags service: flag types, flags on bugs and attachments, flag activity (docs/flags.md). */
@Module({})
export class FlagsModule {
  static forRoot(options: FlagsOptions): DynamicModule {
    return {
      module: FlagsModule,
      imports: [flagsReadModel],
      controllers: [healthController('flags'), FlagsSyncHandler, RebuildFlagsHandler],
      providers: [{ provide: FLAGS_OPTIONS, useValue: options }, ...commandProviders(), CatalogClient, IdentityClient],
    };
  }
}
