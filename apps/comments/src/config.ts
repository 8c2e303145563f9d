import { type CommentsOptions, readCommentsOptions } from '@tracker/comments/app';
import { type BlobStoreConfig, readBlobStoreConfig } from '@tracker/platform/blob-store';
import { EnvReader } from '@tracker/platform/config';
import { type ServicePlatformConfig, readDistributedPlatformConfig } from '@tracker/platform/runtime';

export interface CommentsConfig {
  readonly platform: ServicePlatformConfig;
  readonly comments: CommentsOptions;
  readonly blobStore: BlobStoreConfig;
}

/** The only place the comments process reads its environment. */
export function loadCommentsConfig(environment: NodeJS.ProcessEnv): Readonly<CommentsConfig> {
  const env = new EnvReader(environment);
  return env.finish({
    platform: readDistributedPlatformConfig(env),
    comments: readCommentsOptions(env),
    blobStore: readBlobStoreConfig(env),
  });
}
