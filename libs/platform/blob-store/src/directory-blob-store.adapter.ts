import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertValidBlobKey } from './blob-key';
import type { BlobStore } from './blob-store.port';

/**
 * '~' cannot occur in a key, so it marks the store's own names: a blob file is its key's
 * last segment plus '~' (so key `a` is file `a~` and key `a/b` lives in directory `a`,
 * and both can exist, as in S3), and unfinished writes wait in `~tmp`.
 */
const BLOB_SUFFIX = '~';
const TEMP_DIR = '~tmp';

/**
 * The blob store on a local directory, for embedded mode. A put writes a temp file,
 * flushes it and renames it over the target, so a reader sees the old or the new bytes,
 * never a part. The content type is not kept: the port never reads it back.
 */
export class DirectoryBlobStore implements BlobStore {
  private constructor(private readonly root: string) {}

  static async create(dir: string): Promise<DirectoryBlobStore> {
    const root = resolve(dir);
    await mkdir(join(root, TEMP_DIR), { recursive: true });
    return new DirectoryBlobStore(root);
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const temp = join(this.root, TEMP_DIR, randomUUID());
    try {
      const file = await open(temp, 'wx');
      try {
        await file.writeFile(data);
        await file.sync();
      } finally {
        await file.close();
      }
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** nothing is held open between calls */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Validates the key, then checks the resolved path once more so nothing outside root is touched. */
  private pathOf(key: string): string {
    assertValidBlobKey(key);
    const path = resolve(this.root, `${key}${BLOB_SUFFIX}`);
    if (!path.startsWith(this.root + sep)) throw new Error(`Blob key ${JSON.stringify(key)} leaves the store directory`);
    return path;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
