import { createHash, randomBytes } from 'node:crypto';
import { BLOB_PART_BYTES, type BlobStore } from '../blob-store.port';
import type { BlobContractContext } from './blob-store.contract';
import { chunkedSource } from './chunked-source';

/**
 * Streams: putStream stores what its source yields, pulling it lazily (never more than
 * one part ahead of what storage has received), replaces atomically and, when the source
 * fails, leaves the key as it was and nothing unfinished; getStream yields the bytes in
 * chunks with their size.
 */
export function describeBlobStreamContract({ fixture, unique }: BlobContractContext): void {
  const MIB = 1024 * 1024;
  const CHUNK = 64 * 1024;
  const store = (): BlobStore => fixture().store;
  const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

  async function readAll(key: string): Promise<{ size: number; data: Buffer; largestChunk: number } | null> {
    const found = await store().getStream(key);
    if (found === null) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    return { size: found.size, data: Buffer.concat(chunks), largestChunk: Math.max(0, ...chunks.map((c) => c.length)) };
  }

  describe('streams', () => {
    it('round-trips 12 MiB streamed in 64 KiB chunks (across 5 MiB parts) with equal SHA-256', async () => {
      const key = `${unique()}/streamed.bin`;
      const data = randomBytes(12 * MIB);
      await expect(store().putStream(key, chunkedSource(data, { chunkBytes: CHUNK }), 'application/octet-stream')).resolves.toEqual({
        key,
        size: data.length,
      });

      const read = await readAll(key);
      expect(read?.size).toBe(data.length);
      expect(sha256(read?.data ?? Buffer.alloc(0))).toBe(sha256(data));
      expect((await store().stat(key))?.size).toBe(data.length);
      // a stream of chunks, not one buffer of the whole object
      expect(read?.largestChunk).toBeLessThanOrEqual(MIB);
    });

    it('pulls the source lazily: never more than one part ahead of what storage has received', async () => {
      const key = `${unique()}/lazy.bin`;
      const data = randomBytes(12 * MIB);
      let readAhead = 0;
      const onPull = async (pulled: number): Promise<void> => {
        readAhead = Math.max(readAhead, pulled - (await fixture().receivedBytes(key)));
      };
      await store().putStream(key, chunkedSource(data, { chunkBytes: CHUNK, onPull }), 'application/octet-stream');

      expect(readAhead).toBeLessThan(BLOB_PART_BYTES);
      expect(readAhead).toBeLessThanOrEqual(fixture().readAheadLimit);
      // the probe sees the bytes arrive, so the bound above measured something
      expect(await fixture().receivedBytes(key)).toBe(data.length);
    });

    it('stores chunks of any size, one larger than two parts included', async () => {
      const key = `${unique()}/uneven.bin`;
      const parts = [randomBytes(1), randomBytes(11 * MIB + 3), randomBytes(0), randomBytes(777)];
      async function* uneven(): AsyncGenerator<Buffer> {
        for (const part of parts) yield await Promise.resolve(part);
      }
      await expect(store().putStream(key, uneven(), 'application/octet-stream')).resolves.toEqual({ key, size: 11 * MIB + 781 });
      expect((await store().get(key))?.equals(Buffer.concat(parts))).toBe(true);
    });

    it('stores an empty source as a present, empty object', async () => {
      const key = `${unique()}/empty-stream`;
      await expect(store().putStream(key, chunkedSource(Buffer.alloc(0), { chunkBytes: CHUNK }), 'text/plain')).resolves.toEqual({
        key,
        size: 0,
      });
      expect(await readAll(key)).toEqual({ size: 0, data: Buffer.alloc(0), largestChunk: 0 });
    });

    it('replaces the content of an existing key', async () => {
      const key = `${unique()}/restreamed`;
      await store().put(key, Buffer.from('the old content, longer than the new'), 'text/plain');
      await store().putStream(key, chunkedSource(Buffer.from('new'), { chunkBytes: 2 }), 'text/plain');
      expect((await store().get(key))?.toString()).toBe('new');
    });

    it.each([
      ['before the first byte', 0],
      ['within the first part', 3 * MIB],
      ['after a part was stored', 7 * MIB],
    ])('keeps the old content and leaves nothing unfinished when the source fails %s', async (_when, failAfterBytes) => {
      const key = `${unique()}/failed`;
      const fresh = `${unique()}/failed-fresh`;
      await store().put(key, Buffer.from('before'), 'text/plain');
      const failure = new Error('client went away');
      const data = randomBytes(12 * MIB);

      await expect(
        store().putStream(key, chunkedSource(data, { chunkBytes: CHUNK, failAfterBytes, failWith: failure }), 'text/plain'),
      ).rejects.toBe(failure);
      await expect(
        store().putStream(fresh, chunkedSource(data, { chunkBytes: CHUNK, failAfterBytes, failWith: failure }), 'text/plain'),
      ).rejects.toBe(failure);

      expect((await store().get(key))?.toString()).toBe('before');
      expect(await store().stat(fresh)).toBeNull();
      expect(await fixture().unfinishedWrites()).toBe(0);
    });

    it('stores a short source under the key keyAtEnd answers, asked once after the last chunk', async () => {
      const [key, chosen] = [`${unique()}/first-key`, `${unique()}/chosen-key`];
      const data = randomBytes(MIB);
      let pulledAll = false;
      const asked: boolean[] = [];
      const source = chunkedSource(data, { chunkBytes: CHUNK, onPull: (pulled) => void (pulledAll = pulled === data.length) });
      const keyAtEnd = (): Promise<string> => {
        asked.push(pulledAll);
        return Promise.resolve(chosen);
      };
      await expect(store().putStream(key, source, 'application/octet-stream', { keyAtEnd })).resolves.toEqual({
        key: chosen,
        size: data.length,
      });
      expect(asked).toEqual([true]);
      expect((await store().get(chosen))?.equals(data)).toBe(true);
      expect(await store().stat(key)).toBeNull();
    });

    it('stores a source of several parts where keyAtEnd says if the adapter could still ask, else under its key, and says which', async () => {
      const [key, chosen] = [`${unique()}/first-key`, `${unique()}/chosen-key`];
      const data = randomBytes(12 * MIB);
      let asked = 0;
      const keyAtEnd = (): Promise<string> => {
        asked += 1;
        return Promise.resolve(chosen);
      };
      const written = await store().putStream(key, chunkedSource(data, { chunkBytes: CHUNK }), 'application/octet-stream', { keyAtEnd });
      expect(written).toEqual({ key: asked === 1 ? chosen : key, size: data.length });
      expect(asked).toBeLessThanOrEqual(1);
      expect(sha256((await store().get(written.key)) ?? Buffer.alloc(0))).toBe(sha256(data));
      expect(await store().stat(written.key === key ? chosen : key)).toBeNull();
    });

    it('stores nothing when keyAtEnd fails, and never asks it when the source fails', async () => {
      const [key, chosen] = [`${unique()}/first-key`, `${unique()}/chosen-key`];
      const refusal = new Error('no key for these bytes');
      const failing = (): Promise<string> => Promise.reject(refusal);
      await expect(
        store().putStream(key, chunkedSource(randomBytes(MIB), { chunkBytes: CHUNK }), 'application/octet-stream', { keyAtEnd: failing }),
      ).rejects.toBe(refusal);
      const failure = new Error('client went away');
      const keyAtEnd = jest.fn(() => Promise.resolve(chosen));
      await expect(
        store().putStream(
          key,
          chunkedSource(randomBytes(MIB), { chunkBytes: CHUNK, failAfterBytes: MIB / 2, failWith: failure }),
          'text/plain',
          {
            keyAtEnd,
          },
        ),
      ).rejects.toBe(failure);
      expect(keyAtEnd).not.toHaveBeenCalled();
      expect([await store().stat(key), await store().stat(chosen)]).toEqual([null, null]);
      expect(await fixture().unfinishedWrites()).toBe(0);
    });

    it('reads an absent key as a null stream', async () => {
      expect(await store().getStream(`${unique()}/never-written`)).toBeNull();
    });

    it('lets a reader stop after the first chunk, and keeps serving afterwards', async () => {
      const key = `${unique()}/abandoned.bin`;
      const data = randomBytes(8 * MIB);
      await store().put(key, data, 'application/octet-stream');
      const found = await store().getStream(key);
      expect(found?.size).toBe(data.length);
      for await (const chunk of found?.stream ?? []) {
        expect((chunk as Buffer).equals(data.subarray(0, (chunk as Buffer).length))).toBe(true);
        break;
      }
      // the early exit released the stream (an HTTP response closes once its request is aborted)
      const stream = found?.stream;
      if (stream !== undefined && !stream.closed) await new Promise((resolve) => stream.once('close', resolve));
      expect(stream?.closed).toBe(true);
      expect((await readAll(key))?.data.equals(data)).toBe(true);
    });
  });
}
