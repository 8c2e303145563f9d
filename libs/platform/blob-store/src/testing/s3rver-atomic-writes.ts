import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type S3rver from 's3rver';

type FilesystemStore = S3rver['store'];

/**
 * S3 replaces an object atomically: while a PUT or a copy is under way, readers of the key
 * see the old object, whole, and then the new one (the blob-store port's contract says the
 * same, docs/attachments.md §6.1). s3rver writes each file of an object in place instead:
 * a PUT truncates the object file when its body starts and answers once the bytes are
 * handed to the write stream (not once they are written); metadata and MD5 files are
 * rewritten in place too; a delete removes the key's directory when it looks empty, under a
 * PUT that has just made it; a listing fails when a file vanishes under it. A HEAD, GET or
 * listing beside a write of the same key then saw a short object or failed (500: half a
 * metadata file), and a PUT could fail on the vanished directory. Here every file of an
 * object is written beside its place under a unique name and renamed over it once complete
 * (metadata and MD5 first, the bytes last, so a new key appears only whole), a delete
 * leaves directories alone (S3 has none), and a listing that lost a file is read again.
 * Size and bytes a reader sees are always one version's; its ETag and metadata may already
 * be the next version's for a moment, which none of the adapter's calls reads.
 */
export function makeWritesAtomic(store: FilesystemStore): void {
  const putMetadata = store.putMetadata.bind(store);
  const getMetadata = store.getMetadata.bind(store);
  const path = (bucket: string, key: string, resource: string): string => store.getResourcePath(bucket, key, resource);

  // s3rver's own metadata shaping, written under a key of its own beside the object, then renamed over the real files
  store.putMetadata = async (bucket, key, metadata, md5) => {
    const aside = asideKey(key);
    try {
      await putMetadata(bucket, aside, metadata, md5);
      if (md5 !== undefined) await rename(path(bucket, aside, 'object.md5'), path(bucket, key, 'object.md5'));
      await rename(path(bucket, aside, 'metadata.json'), path(bucket, key, 'metadata.json'));
    } finally {
      await removeAll([path(bucket, aside, 'object.md5'), path(bucket, aside, 'metadata.json')]);
    }
  };

  store.putObject = async (object) => {
    const target = path(object.bucket, object.key, 'object');
    await mkdir(dirname(target), { recursive: true });
    const aside = `${target}.${randomUUID()}.part`;
    const md5 = createHash('md5');
    let size = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
      // resolves once the file is written and closed, not when the bytes were merely handed over
      await pipeline(source, counting, createWriteStream(aside));
      const digest = md5.digest('hex');
      await store.putMetadata(object.bucket, object.key, object.metadata, digest);
      await rename(aside, target);
      return { size, md5: digest };
    } finally {
      await removeAll([aside]);
    }
  };

  const copyObject = store.copyObject.bind(store);
  store.copyObject = async (srcBucket, srcKey, destBucket, destKey, replacementMetadata) => {
    // onto itself only the metadata changes, through putMetadata above
    if (srcBucket === destBucket && srcKey === destKey) return copyObject(srcBucket, srcKey, destBucket, destKey, replacementMetadata);
    const target = path(destBucket, destKey, 'object');
    await mkdir(dirname(target), { recursive: true });
    const aside = `${target}.${randomUUID()}.part`;
    try {
      await copyFile(path(srcBucket, srcKey, 'object'), aside);
      if (replacementMetadata) await store.putMetadata(destBucket, destKey, replacementMetadata);
      else await copyAside(path(srcBucket, srcKey, 'metadata.json'), path(destBucket, destKey, 'metadata.json'));
      await copyAside(path(srcBucket, srcKey, 'object.md5'), path(destBucket, destKey, 'object.md5'));
      await rename(aside, target);
    } finally {
      await removeAll([aside]);
    }
    return getMetadata(destBucket, destKey);
  };

  // s3rver lists by reading each directory, then `stat`ing each entry: an entry renamed or
  // deleted in between (any write or delete beside the listing) failed the listing (500); S3's
  // listing never fails for that, so the listing is read again
  const listObjects = store.listObjects.bind(store);
  store.listObjects = async (bucket, options) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await listObjects(bucket, options);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 5) throw error;
      }
    }
  };

  store.deleteObject = async (bucket, key) => {
    await removeAll([path(bucket, key, 'object'), path(bucket, key, 'object.md5'), path(bucket, key, 'metadata.json')]);
  };
}

/** a key beside `key` (same directory), whose files end in none of the suffixes s3rver lists as objects */
function asideKey(key: string): string {
  return `${key}.${randomUUID()}.part`;
}

async function copyAside(from: string, to: string): Promise<void> {
  const aside = `${to}.${randomUUID()}.part`;
  try {
    await copyFile(from, aside);
    await rename(aside, to);
  } finally {
    await removeAll([aside]);
  }
}

async function removeAll(paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((file) => rm(file, { force: true })));
}
