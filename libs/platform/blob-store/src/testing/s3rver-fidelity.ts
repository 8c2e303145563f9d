import { readdir, rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type S3rver from 's3rver';
import { makeWritesAtomic } from './s3rver-atomic-writes';

/**
 * s3rver differs from S3 (and MinIO) in three things the MinIO adapter relies on; these
 * make it behave as S3 is documented to, so that the tests exercise the adapter's real
 * requests instead of s3rver's gaps:
 * - A write replaces its key atomically (`makeWritesAtomic`): s3rver wrote in place, so a
 *   read beside a write of the same key saw a short object or failed.
 * - AbortMultipartUpload (`DELETE /bucket/key?uploadId=X`) is missing (405): here it
 *   deletes the upload's stored parts and answers 204, or 404 NoSuchUpload. (This one
 *   request's signature is not checked.)
 * - CopyObject of an object onto itself with `x-amz-metadata-directive: REPLACE` keeps
 *   the old Last-Modified (s3rver rewrites only the metadata file): here the object file's
 *   time moves to now, as S3's new object's does.
 */
export function applyS3Fidelity(server: S3rver): void {
  const store = server.store;
  makeWritesAtomic(store);
  const uploadsOf = (bucket: string): string => store.getResourcePath(bucket, undefined, 'uploads');

  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query['uploadId'];
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    const bucket = ctx.path.split('/')[1] ?? '';
    const uploads = await uploadIds(uploadsOf(bucket));
    if (!/^[0-9A-Za-z-]+$/.test(uploadId) || !uploads.includes(uploadId)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    await rm(join(uploadsOf(bucket), uploadId), { recursive: true, force: true });
    ctx.status = 204;
  });

  const copyObject = store.copyObject.bind(store);
  store.copyObject = async (srcBucket, srcKey, destBucket, destKey, replacementMetadata) => {
    if (srcBucket === destBucket && srcKey === destKey && replacementMetadata) {
      const now = new Date();
      await utimes(store.getResourcePath(destBucket, destKey, 'object'), now, now);
    }
    return copyObject(srcBucket, srcKey, destBucket, destKey, replacementMetadata);
  };
}

/** How many multipart uploads of `bucket` are started and neither completed nor aborted. */
export async function countUnfinishedUploads(server: S3rver, bucket: string): Promise<number> {
  return (await uploadIds(server.store.getResourcePath(bucket, undefined, 'uploads'))).length;
}

/** s3rver keeps each unfinished upload as a directory named by its id; none yet: no directory */
async function uploadIds(uploads: string): Promise<string[]> {
  try {
    return await readdir(uploads);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
