import { type DynamicModule, Module } from '@nestjs/common';
import { BugsModule } from '@tracker/bugs/app';
import { PlatformModule } from '@tracker/platform/runtime';
import type { BugsConfig } from './config';

/** The bugs service as its own process, on real infrastructure. */
@Module({})
export class BugsAppModule {
  static forRoot(config: BugsConfig): DynamicModule {
    return { module: BugsAppModule, imports: [PlatformModule.forRoot(config.platform), BugsModule.forRoot(config.bugs)] };
  }
}
