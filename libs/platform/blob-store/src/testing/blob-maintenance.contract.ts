import type { BlobListing, BlobStore } from '../blob-store.port';
import type { BlobContractContext } from './blob-store.contract';

/**
 * What a sweeper and a deduplicating writer need: stat (absent = null), copy inside the
 * store (source kept, target fresh, absent source = false), touch (a fresh lastModified,
 * bytes kept, absent = false) and list (exactly the keys under a string prefix, with
 * their sizes, lazily). S3 servers keep whole seconds, hence the waits of 1.1 s.
 */
export function describeBlobMaintenanceContract({ fixture, unique }: BlobContractContext): void {
  const store = (): BlobStore => fixture().store;
  const text = async (key: string): Promise<string | undefined> => (await store().get(key))?.toString();
  const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  const collect = async (listing: AsyncIterable<BlobListing>): Promise<BlobListing[]> => {
    const found: BlobListing[] = [];
    for await (const item of listing) found.push(item);
    return found.sort((a, b) => a.key.localeCompare(b.key));
  };

  describe('stat, copy, touch, list', () => {
    it('stats an absent key as null and a present one with its size and a current time', async () => {
      const key = `${unique()}/stated`;
      expect(await store().stat(key)).toBeNull();
      const before = Date.now();
      await store().put(key, Buffer.from('12345'), 'text/plain');
      const found = await store().stat(key);
      expect(found?.size).toBe(5);
      expect(found?.lastModified).toBeInstanceOf(Date);
      expect(found?.lastModified.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(found?.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('copies inside the store, keeping the source and replacing the target', async () => {
      const base = unique();
      await store().put(`${base}/from`, Buffer.from('copied bytes'), 'application/octet-stream');
      await store().put(`${base}/to`, Buffer.from('replaced'), 'application/octet-stream');
      await expect(store().copy(`${base}/from`, `${base}/to`)).resolves.toBe(true);
      await expect(store().copy(`${base}/from`, `${base}/new/copy`)).resolves.toBe(true);
      expect(await text(`${base}/from`)).toBe('copied bytes');
      expect(await text(`${base}/to`)).toBe('copied bytes');
      expect(await text(`${base}/new/copy`)).toBe('copied bytes');
    });

    it('copies nothing and answers false when the source is absent', async () => {
      const base = unique();
      await expect(store().copy(`${base}/absent`, `${base}/to`)).resolves.toBe(false);
      expect(await store().stat(`${base}/to`)).toBeNull();
      expect(await fixture().unfinishedWrites()).toBe(0);
    });

    it('touches and copies to a fresh lastModified, bytes unchanged; a copy onto itself is a touch', async () => {
      const base = unique();
      for (const name of ['touched', 'copied', 'self']) await store().put(`${base}/${name}`, Buffer.from(`bytes of ${name}`), 'text/plain');
      const written = await store().stat(`${base}/touched`);
      const source = await store().stat(`${base}/copied`);
      await pause(1100);

      await expect(store().touch(`${base}/touched`)).resolves.toBe(true);
      await expect(store().copy(`${base}/copied`, `${base}/copy`)).resolves.toBe(true);
      await expect(store().copy(`${base}/self`, `${base}/self`)).resolves.toBe(true);

      const later = (written?.lastModified.getTime() ?? Number.POSITIVE_INFINITY) + 1000;
      for (const name of ['touched', 'copy', 'self']) {
        expect((await store().stat(`${base}/${name}`))?.lastModified.getTime()).toBeGreaterThanOrEqual(later);
      }
      expect((await store().stat(`${base}/copied`))?.lastModified).toEqual(source?.lastModified);
      expect(await text(`${base}/touched`)).toBe('bytes of touched');
      expect(await text(`${base}/copy`)).toBe('bytes of copied');
      expect(await text(`${base}/self`)).toBe('bytes of self');
    });

    it('touches nothing and answers false when the key is absent', async () => {
      const key = `${unique()}/never-written`;
      await expect(store().touch(key)).resolves.toBe(false);
      expect(await store().stat(key)).toBeNull();
    });

    it('lists exactly the keys under a prefix, with their sizes, by string prefix as S3 does', async () => {
      const base = unique();
      const sizes: Record<string, number> = {
        [`${base}/a`]: 1,
        [`${base}/a/b`]: 2,
        [`${base}/a/b/c`]: 3,
        [`${base}/ab`]: 4,
        [`${base}/b`]: 5,
      };
      for (const [key, size] of Object.entries(sizes)) await store().put(key, Buffer.alloc(size, 7), 'application/octet-stream');
      await store().putStream(
        `${base}/a/streamed`,
        (async function* () {
          yield await Promise.resolve(Buffer.alloc(6, 1));
        })(),
        'application/octet-stream',
      );
      await store().delete(`${base}/b`);
      const listed = async (prefix: string): Promise<Array<[string, number]>> =>
        (await collect(store().list(prefix))).map((item) => [item.key, item.size]);

      expect(await listed(`${base}/a/`)).toEqual([
        [`${base}/a/b`, 2],
        [`${base}/a/b/c`, 3],
        [`${base}/a/streamed`, 6],
      ]);
      expect(await listed(`${base}/a`)).toEqual([
        [`${base}/a`, 1],
        [`${base}/a/b`, 2],
        [`${base}/a/b/c`, 3],
        [`${base}/a/streamed`, 6],
        [`${base}/ab`, 4],
      ]);
      expect(await listed(`${base}/a/b/c`)).toEqual([[`${base}/a/b/c`, 3]]);
      expect(await listed(`${base}/nothing/`)).toEqual([]);
      expect((await listed(base.slice(0, -1))).map(([key]) => key)).toContain(`${base}/ab`);
      const all = await collect(store().list(''));
      expect(all.filter((item) => item.key.startsWith(`${base}/`)).map((item) => item.key)).toHaveLength(5);
      for (const item of all) expect(item.lastModified).toBeInstanceOf(Date);
    });

    it('lists lazily: a caller may stop early', async () => {
      const base = unique();
      for (let i = 0; i < 5; i += 1) await store().put(`${base}/item-${i}`, Buffer.from('x'), 'text/plain');
      let seen = 0;
      for await (const item of store().list(`${base}/`)) {
        expect(item.key.startsWith(`${base}/item-`)).toBe(true);
        seen += 1;
        if (seen === 2) break;
      }
      expect(seen).toBe(2);
      expect(await collect(store().list(`${base}/`))).toHaveLength(5);
    });

    it.each(['/attachments', '../', 'a//b', 'a/../b', 'with space', 'tilde~'])('refuses the bad prefix %j', async (prefix) => {
      await expect(collect(store().list(prefix))).rejects.toThrow(/Invalid blob prefix/);
    });
  });
}
