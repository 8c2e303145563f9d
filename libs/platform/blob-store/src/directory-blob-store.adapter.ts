import { randomUUID } from 'node:crypto';
import { mkdir, open, opendir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { assertValidBlobKey, assertValidBlobPrefix } from './blob-key';
import type { BlobListing, BlobReadStream, BlobStat, BlobStore, BlobWritten, PutStreamOptions } from './blob-store.port';
import { copyInto, replaceDurably, writeChunks } from './durable-file';

/**
 * '~' cannot occur in a key, so it marks the store's own names: a blob file is its key's
 * last segment plus '~' (so key `a` is file `a~` and key `a/b` lives in directory `a`,
 * and both can exist, as in S3), and unfinished writes wait in `~tmp`.
 */
const BLOB_SUFFIX = '~';
const TEMP_DIR = '~tmp';

/**
 * The blob store on a local directory, for embedded mode. Every write goes to a temp file
 * that is flushed and renamed over the target (`replaceDurably`), so a reader sees the old
 * or the new bytes, never a part. A stream is written chunk by chunk, each before the next
 * is pulled. The content type is not kept: the port never reads it back.
 */
export class DirectoryBlobStore implements BlobStore {
  private constructor(private readonly root: string) {}

  static async create(dir: string): Promise<DirectoryBlobStore> {
    const root = resolve(dir);
    await mkdir(join(root, TEMP_DIR), { recursive: true });
    return new DirectoryBlobStore(root);
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    await replaceDurably(this.tempPath(), this.pathOf(key), (temp) => writeFile(temp, data, { flag: 'wx' }));
  }

  /** the temp file is renamed once the source has ended, so `keyAtEnd` is always asked (sha256 is not needed) */
  async putStream(key: string, source: AsyncIterable<Buffer>, _contentType: string, options: PutStreamOptions = {}): Promise<BlobWritten> {
    const path = this.pathOf(key);
    let size = 0;
    let chosen = key;
    await replaceDurably(
      this.tempPath(),
      async () => {
        if (!options.keyAtEnd) return path;
        chosen = await options.keyAtEnd();
        return this.pathOf(chosen);
      },
      async (temp) => {
        size = await writeChunks(temp, source);
      },
    );
    return { key: chosen, size };
  }

  async get(key: string): Promise<Buffer | null> {
    return orNullWhenMissing(readFile(this.pathOf(key)));
  }

  async getStream(key: string): Promise<BlobReadStream | null> {
    const file = await orNullWhenMissing(open(this.pathOf(key), 'r'));
    if (file === null) return null;
    try {
      // the size of the open file, not of the path: a rename over the key cannot make them disagree
      const { size } = await file.stat();
      return { size, stream: file.createReadStream() };
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    const found = await orNullWhenMissing(stat(this.pathOf(key)));
    return found === null ? null : { size: found.size, lastModified: new Date(found.mtimeMs) };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async copy(from: string, to: string): Promise<boolean> {
    const source = this.pathOf(from);
    let sourceMissing = false;
    try {
      // a copy, never a hard link: a link would share the inode, so touching one key would move the other
      await replaceDurably(this.tempPath(), this.pathOf(to), async (temp) => {
        sourceMissing = (await orNullWhenMissing(copyInto(source, temp).then(() => true))) === null;
        if (sourceMissing) throw new Error(`Blob ${from} vanished while being copied`);
      });
      return true;
    } catch (error) {
      if (sourceMissing) return false;
      throw error;
    }
  }

  async touch(key: string): Promise<boolean> {
    const now = new Date();
    try {
      await utimes(this.pathOf(key), now, now);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<BlobListing> {
    assertValidBlobPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    yield* this.walk(slash < 0 ? '' : prefix.slice(0, slash), prefix);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** nothing is held open between calls */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Lists the blobs under the directory of `directoryKey` whose keys start with `prefix`, entering only directories that can hold one. */
  private async *walk(directoryKey: string, prefix: string): AsyncGenerator<BlobListing> {
    const directory = directoryKey === '' ? this.root : join(this.root, directoryKey);
    const entries = await orNullWhenMissing(opendir(directory));
    if (entries === null) return;
    for await (const entry of entries) {
      if (directoryKey === '' && entry.name === TEMP_DIR) continue;
      const childKey = directoryKey === '' ? entry.name : `${directoryKey}/${entry.name}`;
      if (entry.isDirectory()) {
        if (`${childKey}/`.startsWith(prefix) || prefix.startsWith(`${childKey}/`)) yield* this.walk(childKey, prefix);
        continue;
      }
      const key = childKey.slice(0, -BLOB_SUFFIX.length);
      if (!entry.isFile() || !entry.name.endsWith(BLOB_SUFFIX) || !key.startsWith(prefix)) continue;
      // a blob deleted since the directory was read is simply not listed
      const found = await orNullWhenMissing(stat(join(directory, entry.name)));
      if (found !== null) yield { key, size: found.size, lastModified: new Date(found.mtimeMs) };
    }
  }

  private tempPath(): string {
    return join(this.root, TEMP_DIR, randomUUID());
  }

  /** Validates the key, then checks the resolved path once more so nothing outside root is touched. */
  private pathOf(key: string): string {
    assertValidBlobKey(key);
    const path = resolve(this.root, `${key}${BLOB_SUFFIX}`);
    if (!path.startsWith(this.root + sep)) throw new Error(`Blob key ${JSON.stringify(key)} leaves the store directory`);
    return path;
  }
}

async function orNullWhenMissing<T>(operation: Promise<T>): Promise<T | null> {
  try {
    return await operation;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
