import { type DynamicModule, Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';
import { CATALOG_OPTIONS, type CatalogOptions } from './catalog.options';

/** The catalog service: its message handlers, read model and domain wiring. */
@Module({})
export class CatalogModule {
  static forRoot(options: CatalogOptions): DynamicModule {
    return {
      module: CatalogModule,
      controllers: [healthController('catalog')],
      providers: [{ provide: CATALOG_OPTIONS, useValue: options }],
    };
  }
}
