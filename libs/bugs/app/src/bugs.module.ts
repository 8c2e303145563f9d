import { type DynamicModule, Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';
import { BUGS_OPTIONS, type BugsOptions } from './bugs.options';

/** The bugs service: its message handlers, read model and domain wiring. */
@Module({})
export class BugsModule {
  static forRoot(options: BugsOptions): DynamicModule {
    return {
      module: BugsModule,
      controllers: [healthController('bugs')],
      providers: [{ provide: BUGS_OPTIONS, useValue: options }],
    };
  }
}
