import { type DynamicModule, Module } from '@nestjs/common';
import { CommentsModule } from '@tracker/comments/app';
import { BlobStoreModule } from '@tracker/platform/blob-store';
import { PlatformModule } from '@tracker/platform/runtime';
import type { CommentsConfig } from './config';

/** The comments service as its own process, on real infrastructure. */
@Module({})
export class CommentsAppModule {
  static forRoot(config: CommentsConfig): DynamicModule {
    return {
      module: CommentsAppModule,
      imports: [
        PlatformModule.forRoot(config.platform),
        BlobStoreModule.forRoot(config.blobStore),
        CommentsModule.forRoot(config.comments),
      ],
    };
  }
}
