import type { EnvReader } from '@tracker/platform/config';
import { join, resolve } from 'node:path';
import type { BlobStoreConfig } from './blob-store.module';
import type { MinioBlobStoreOptions } from './minio-blob-store.adapter';

export const BLOB_STORE_ADAPTERS = ['directory', 'minio'] as const;

/** a host name or IP address alone: the scheme is TRACKER_S3_USE_SSL's, the port TRACKER_S3_PORT's */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** S3's bucket naming rules: 3-63 of [a-z0-9.-], starting and ending alphanumeric, no "..", not an IP address */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const IP_ADDRESS = /^\d+\.\d+\.\d+\.\d+$/;

/**
 * The blob store of docs/attachments.md §8, for each app's config.ts (the only code that
 * touches process.env): TRACKER_BLOB_STORE picks the adapter, and only that adapter's
 * variables are read. Problems are recorded in `env`, whose `finish()` lists them all.
 */
export function readBlobStoreConfig(env: EnvReader): BlobStoreConfig {
  const adapter = env.oneOf('TRACKER_BLOB_STORE', BLOB_STORE_ADAPTERS, 'directory');
  switch (adapter) {
    case 'directory':
      // TRACKER_DATA_DIR's default is the embedded platform's (libs/platform/runtime)
      return { adapter, dir: resolve(env.string('TRACKER_BLOB_DIR', join(env.string('TRACKER_DATA_DIR', './data'), 'blobs'))) };
    case 'minio':
      return { adapter, ...readS3Options(env) };
  }
}

function readS3Options(env: EnvReader): MinioBlobStoreOptions {
  const why = 'when TRACKER_BLOB_STORE=minio';
  const endPoint = env.requiredString('TRACKER_S3_ENDPOINT', why);
  if (endPoint !== '' && !HOST.test(endPoint)) {
    env.invalid(
      'TRACKER_S3_ENDPOINT',
      endPoint,
      'is not a host name: give the scheme by TRACKER_S3_USE_SSL and the port by TRACKER_S3_PORT',
    );
  }
  const bucket = env.string('TRACKER_S3_BUCKET', 'tracker-attachments');
  if (!BUCKET.test(bucket) || bucket.includes('..') || IP_ADDRESS.test(bucket)) {
    env.invalid(
      'TRACKER_S3_BUCKET',
      bucket,
      'is not an S3 bucket name (3-63 characters of a-z, 0-9, "." and "-", starting and ending with a letter or digit)',
    );
  }
  const region = env.optionalString('TRACKER_S3_REGION');
  return {
    endPoint,
    port: env.int('TRACKER_S3_PORT', 9000, { min: 1, max: 65_535 }),
    useSSL: env.boolean('TRACKER_S3_USE_SSL', false),
    accessKey: env.requiredString('TRACKER_S3_ACCESS_KEY', why),
    secretKey: env.requiredString('TRACKER_S3_SECRET_KEY', why),
    bucket,
    ...(region === undefined ? {} : { region }),
  };
}
