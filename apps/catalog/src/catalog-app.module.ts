import { type DynamicModule, Module } from '@nestjs/common';
import { CatalogModule } from '@tracker/catalog/app';
import { PlatformModule } from '@tracker/platform/runtime';
import type { CatalogConfig } from './config';

/** The catalog service as its own process, on real infrastructure. */
@Module({})
export class CatalogAppModule {
  static forRoot(config: CatalogConfig): DynamicModule {
    return { module: CatalogAppModule, imports: [PlatformModule.forRoot(config.platform), CatalogModule.forRoot(config.catalog)] };
  }
}
