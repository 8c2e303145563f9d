import { randomBytes, randomUUID } from 'node:crypto';
import type { BlobStore } from '../blob-store.port';
import { describeBlobMaintenanceContract } from './blob-maintenance.contract';
import { describeBlobStreamContract } from './blob-stream.contract';

/**
 * The behaviour every blob-store adapter must show: any bytes (empty, binary, megabytes)
 * come back exactly, a put replaces, absent keys read as null and delete quietly, keys
 * nest with slashes, bad keys are refused, and concurrent puts of different keys all land;
 * streams (blob-stream.contract.ts) and stat, copy, touch, list (blob-maintenance.contract.ts).
 */
export interface BlobStoreFixture {
  readonly store: BlobStore;
  readonly dispose: () => Promise<void>;
  /**
   * Bytes of writes to `key` (a key written once) that the storage behind the adapter has
   * received so far, the write in progress included: what the read-ahead bound is measured
   * against.
   */
  readonly receivedBytes: (key: string) => Promise<number>;
  /** the most pulled-but-not-received bytes the adapter may hold when it pulls a chunk */
  readonly readAheadLimit: number;
  /** writes started and neither finished nor cleaned up (temp files, multipart uploads) */
  readonly unfinishedWrites: () => Promise<number>;
}

/** What the contract's parts share: the fixture of the running suite and unique key bases. */
export interface BlobContractContext {
  fixture(): BlobStoreFixture;
  unique(): string;
}

export const INVALID_BLOB_KEYS: readonly string[] = [
  '',
  '/attachments/1',
  '../escape',
  'attachments/../../escape',
  'attachments/./1',
  'attachments//1',
  'attachments/',
  '..',
  'with space',
  'ünïcödé',
  'back\\slash',
  'tilde~',
  'x'.repeat(1025),
];

export function describeBlobStoreContract(name: string, createFixture: () => Promise<BlobStoreFixture>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let fixture: BlobStoreFixture | undefined;
    let store: BlobStore;
    const unique = (): string => `contract-${randomUUID().slice(0, 8)}`;
    const context: BlobContractContext = {
      fixture: () => {
        if (fixture === undefined) throw new Error('The blob store fixture did not start');
        return fixture;
      },
      unique,
    };

    beforeAll(async () => {
      fixture = await createFixture();
      store = fixture.store;
    });
    afterAll(async () => {
      // undefined when createFixture failed; that failure is the one to report
      await fixture?.dispose();
    });

    it('round-trips all 256 byte values', async () => {
      const key = `${unique()}/bytes`;
      const data = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await store.put(key, data, 'application/octet-stream');
      const read = await store.get(key);
      expect(read).toBeInstanceOf(Buffer);
      expect(read?.equals(data)).toBe(true);
    });

    it('round-trips a 5 MiB payload', async () => {
      const key = `${unique()}/large.bin`;
      const data = randomBytes(5 * 1024 * 1024);
      await store.put(key, data, 'application/octet-stream');
      const read = await store.get(key);
      expect(read?.length).toBe(data.length);
      expect(read?.equals(data)).toBe(true);
    });

    it('stores an empty buffer as present and empty, not as absent', async () => {
      const key = `${unique()}/empty`;
      await store.put(key, Buffer.alloc(0), 'text/plain');
      expect(await store.exists(key)).toBe(true);
      const read = await store.get(key);
      expect(read).not.toBeNull();
      expect(read?.length).toBe(0);
    });

    it('replaces the content on a second put, also by a shorter one', async () => {
      const key = `${unique()}/overwritten`;
      await store.put(key, Buffer.from('the first, longer content'), 'text/plain');
      await store.put(key, Buffer.from('second'), 'text/plain');
      expect((await store.get(key))?.toString()).toBe('second');
    });

    it('reads an absent key as null and reports it as not existing', async () => {
      const key = `${unique()}/never-written`;
      expect(await store.get(key)).toBeNull();
      expect(await store.exists(key)).toBe(false);
    });

    it('tells whether a key exists before and after a put and a delete', async () => {
      const key = `${unique()}/lifecycle`;
      expect(await store.exists(key)).toBe(false);
      await store.put(key, Buffer.from('here'), 'text/plain');
      expect(await store.exists(key)).toBe(true);
      await store.delete(key);
      expect(await store.exists(key)).toBe(false);
      expect(await store.get(key)).toBeNull();
    });

    it('deletes idempotently: an absent key and a second delete succeed', async () => {
      const key = `${unique()}/deleted-twice`;
      await expect(store.delete(`${unique()}/never-written`)).resolves.toBeUndefined();
      await store.put(key, Buffer.from('bye'), 'text/plain');
      await store.delete(key);
      await expect(store.delete(key)).resolves.toBeUndefined();
      expect(await store.get(key)).toBeNull();
    });

    it('keeps keys that nest with slashes apart, like a key and its "children"', async () => {
      const base = `${unique()}/attachments`;
      const keys = [base, `${base}/42`, `${base}/42/thumb.png`, `${base}/43`];
      for (const key of keys) await store.put(key, Buffer.from(`content of ${key}`), 'text/plain');
      await store.delete(`${base}/42`);

      expect(await store.get(`${base}/42`)).toBeNull();
      for (const key of [base, `${base}/42/thumb.png`, `${base}/43`]) {
        expect((await store.get(key))?.toString()).toBe(`content of ${key}`);
      }
    });

    it('accepts every allowed character in a key', async () => {
      const key = `${unique()}/Az09_.-/file.tar.gz`;
      await store.put(key, Buffer.from('ok'), 'application/gzip');
      expect((await store.get(key))?.toString()).toBe('ok');
    });

    it.each(INVALID_BLOB_KEYS.map((key) => [key.length > 40 ? `${key.slice(0, 10)}… (${key.length} chars)` : key, key]))(
      'refuses the bad key %j in every operation',
      async (_label, key) => {
        const refused = { name: 'Error', message: expect.stringMatching(/Invalid blob key/) as unknown };
        await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toMatchObject(refused);
        await expect(store.get(key)).rejects.toMatchObject(refused);
        await expect(store.exists(key)).rejects.toMatchObject(refused);
        await expect(store.delete(key)).rejects.toMatchObject(refused);
        await expect(store.putStream(key, chunks([Buffer.from('x')]), 'text/plain')).rejects.toMatchObject(refused);
        await expect(store.getStream(key)).rejects.toMatchObject(refused);
        await expect(store.stat(key)).rejects.toMatchObject(refused);
        await expect(store.touch(key)).rejects.toMatchObject(refused);
        await expect(store.copy(key, `${unique()}/to`)).rejects.toMatchObject(refused);
        await expect(store.copy(`${unique()}/from`, key)).rejects.toMatchObject(refused);
      },
    );

    it('stores 40 different keys written concurrently, each with its own content', async () => {
      const base = unique();
      const keys = Array.from({ length: 40 }, (_, i) => `${base}/parallel/${i}`);
      await Promise.all(keys.map((key) => store.put(key, Buffer.from(`payload ${key}`), 'text/plain')));
      const read = await Promise.all(keys.map((key) => store.get(key)));
      expect(read.map((data) => data?.toString())).toEqual(keys.map((key) => `payload ${key}`));
    });

    describeBlobStreamContract(context);
    describeBlobMaintenanceContract(context);
  });
}

async function* chunks(parts: readonly Buffer[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield await Promise.resolve(part);
}
