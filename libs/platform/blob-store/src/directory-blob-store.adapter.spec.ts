import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from './directory-blob-store.adapter';
import { describeBlobStoreContract } from './testing/blob-store.contract';
import { chunkedSource } from './testing/chunked-source';

describeBlobStoreContract('directory adapter', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tracker-blobs-'));
  const store = await DirectoryBlobStore.create(dir);
  const tempFiles = (): Promise<string[]> => readdir(join(dir, '~tmp'));
  return {
    store,
    dispose: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
    // a write in progress is the temp file; a finished one the key's file
    receivedBytes: async (key) => {
      const temp = await Promise.all((await tempFiles()).map(async (name) => (await stat(join(dir, '~tmp', name))).size));
      return temp.reduce((sum, size) => sum + size, 0) + ((await store.stat(key))?.size ?? 0);
    },
    // each chunk is written before the next is pulled
    readAheadLimit: 0,
    unfinishedWrites: async () => (await tempFiles()).length,
  };
});

describe('DirectoryBlobStore on disk', () => {
  let parent: string;
  let store: DirectoryBlobStore;

  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'tracker-blobs-parent-'));
    store = await DirectoryBlobStore.create(join(parent, 'store'));
  });
  afterEach(async () => {
    await store.close();
    await rm(parent, { recursive: true, force: true });
  });

  it('creates its directory and keeps a key as a file under it', async () => {
    await store.put('attachments/42', Buffer.from('bytes'), 'text/plain');
    expect(await readdir(join(parent, 'store', 'attachments'))).toEqual(['42~']);
  });

  it('touches nothing outside its directory, even when asked with an escaping key', async () => {
    await expect(store.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid blob key/);
    await expect(store.delete('../store')).rejects.toThrow(/Invalid blob key/);
    expect(await readdir(parent)).toEqual(['store']);
  });

  // S3 promises the same, but s3rver writes objects in place, so only this adapter can show it here
  it('shows readers the old or a new content, never a mix, while writers race on one key', async () => {
    const contents = Array.from({ length: 8 }, (_, i) => Buffer.alloc(1024 * 1024, i));
    await store.put('raced', Buffer.alloc(1024 * 1024, 255), 'application/octet-stream');
    const whole = (data: Buffer | null): boolean => data !== null && data.length === 1024 * 1024 && data.every((byte) => byte === data[0]);

    const reads: boolean[] = [];
    let writing = true;
    const reader = (async () => {
      while (writing) reads.push(whole(await store.get('raced')));
    })();
    await Promise.all(contents.map((data) => store.put('raced', data, 'application/octet-stream')));
    writing = false;
    await reader;

    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every(Boolean)).toBe(true);
    const final = await store.get('raced');
    expect(contents.some((data) => final?.equals(data))).toBe(true);
  });

  it('leaves no temp file behind after writes', async () => {
    await Promise.all(['a', 'b', 'a'].map((key) => store.put(key, Buffer.from(key), 'text/plain')));
    await store.putStream('c', chunkedSource(Buffer.from('streamed'), { chunkBytes: 3 }), 'text/plain');
    await store.copy('c', 'd/e');
    expect(await readdir(join(parent, 'store', '~tmp'))).toEqual([]);
    expect(await readdir(join(parent, 'store'))).toEqual(expect.arrayContaining(['a~', 'b~', 'c~', 'd']));
  });

  it("copies into a file of its own, so touching the copy leaves the source's time alone", async () => {
    await store.put('source', Buffer.from('bytes'), 'text/plain');
    await store.copy('source', 'copy');
    const [source, copy] = await Promise.all(['source~', 'copy~'].map((name) => stat(join(parent, 'store', name))));
    expect(copy?.ino).not.toBe(source?.ino);
  });

  it('reads what another instance on the same directory wrote', async () => {
    await store.put('shared/1', Buffer.from('persisted'), 'text/plain');
    const reopened = await DirectoryBlobStore.create(join(parent, 'store'));
    expect((await reopened.get('shared/1'))?.toString()).toBe('persisted');
    await reopened.close();
  });
});
