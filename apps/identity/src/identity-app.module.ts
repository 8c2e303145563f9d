import { type DynamicModule, Module } from '@nestjs/common';
import { IdentityModule } from '@tracker/identity/app';
import { PlatformModule } from '@tracker/platform/runtime';
import type { IdentityConfig } from './config';

/** The identity service as its own process, on real infrastructure. */
@Module({})
export class IdentityAppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return { module: IdentityAppModule, imports: [PlatformModule.forRoot(config.platform), IdentityModule.forRoot(config.identity)] };
  }
}
