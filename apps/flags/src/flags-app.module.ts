import { type DynamicModule, Module } from '@nestjs/common';
import { FlagsModule } from '@tracker/flags/app';
import { PlatformModule } from '@tracker/platform/runtime';
import type { FlagsConfig } from './config';

/** The flags service as its own process, on real infrastructure. */
@Module({})
export class FlagsAppModule {
  static forRoot(config: FlagsConfig): DynamicModule {
    return { module: FlagsAppModule, imports: [PlatformModule.forRoot(config.platform), FlagsModule.forRoot(config.flags)] };
  }
}
