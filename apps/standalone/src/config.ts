import { join, resolve } from 'node:path';
import { type BugsOptions, readBugsOptions } from '@tracker/bugs/app';
import { type CatalogOptions, readCatalogOptions } from '@tracker/catalog/app';
import { type CommentsOptions, readCommentsOptions } from '@tracker/comments/app';
import { type FlagsOptions, readFlagsOptions } from '@tracker/flags/app';
import { type IdentityOptions, readIdentityOptions } from '@tracker/identity/app';
import { type MailerOptions, readMailerOptions, readMailQueueConfig } from '@tracker/mailer/app';
import type { MailQueueConfig } from '@tracker/platform/mail-queue';
import { type IdempotencyStoreOptions, readIdempotencyOptions, readMaxAttachmentBytes } from '@tracker/gateway';
import { type BlobStoreConfig, readBlobStoreConfig } from '@tracker/platform/blob-store';
import { EnvReader } from '@tracker/platform/config';
import { type HttpConfig, type PlatformConfig, readEmbeddedPlatformConfig, readHttpConfig } from '@tracker/platform/runtime';

export interface StandaloneConfig {
  readonly platform: PlatformConfig;
  readonly http: HttpConfig;
  readonly identity: IdentityOptions;
  readonly catalog: CatalogOptions;
  readonly bugs: BugsOptions;
  readonly comments: CommentsOptions;
  /** one store for the gateway (bytes in and out) and comments (promotion, sweeper): the directory adapter under the data dir unless configured (docs/attachments.md §8) */
  readonly blobStore: BlobStoreConfig;
  readonly maxAttachmentBytes: number;
  readonly flags: FlagsOptions;
  readonly idempotency: IdempotencyStoreOptions;
  readonly mailer: MailerOptions;
  /** in process: the embedded mailer's queue lives and dies with the process */
  readonly mailQueue: MailQueueConfig;
}

/** The only place the standalone process reads its environment. */
export function loadStandaloneConfig(environment: NodeJS.ProcessEnv): Readonly<StandaloneConfig> {
  const env = new EnvReader(environment);
  const platform = readEmbeddedPlatformConfig(env);
  return env.finish({
    platform,
    http: readHttpConfig(env),
    identity: readIdentityOptions(env),
    catalog: readCatalogOptions(env),
    bugs: readBugsOptions(env),
    comments: readCommentsOptions(env),
    blobStore: readBlobStoreConfig(env),
    maxAttachmentBytes: readMaxAttachmentBytes(env),
    flags: readFlagsOptions(env),
    idempotency: readIdempotencyOptions(env, platform.messaging.timeoutMs),
    mailer: readMailerOptions(env, join(resolve(env.string('TRACKER_DATA_DIR', './data')), 'mail')),
    mailQueue: readMailQueueConfig(env, 'in-process'),
  });
}
