import { type DynamicModule, Module } from '@nestjs/common';
import { CommentsModule } from '@tracker/comments/app';
import { PlatformModule } from '@tracker/platform/runtime';
import type { CommentsConfig } from './config';

/** The comments service as its own process, on real infrastructure. */
@Module({})
export class CommentsAppModule {
  static forRoot(config: CommentsConfig): DynamicModule {
    return { module: CommentsAppModule, imports: [PlatformModule.forRoot(config.platform), CommentsModule.forRoot(config.comments)] };
  }
}
