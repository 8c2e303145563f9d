import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '@tracker/contracts';
import { type BlobStore, DirectoryBlobStore } from '@tracker/platform/blob-store';
import { negotiateFormat } from '../wire/response-format';
import { type BlobBody, BlobBodyRenderer } from './blob-body.renderer';
import type { BlobRef } from './blob-etag';

const bytesOf = (length: number, seed: number): Buffer => Buffer.from(Array.from({ length }, (_, index) => (index * 7 + seed) % 256));

describe('BlobBodyRenderer', () => {
  let dir: string;
  let store: BlobStore;
  let renderer: BlobBodyRenderer;
  // larger than the renderer's piece (512 KiB) and not a multiple of 3: pieces and the carry between them are exercised
  const one = bytesOf(1_200_001, 1);
  const two = bytesOf(256, 0);
  let refOne: BlobRef;
  let refTwo: BlobRef;

  const refOf = async (key: string, bytes: Buffer): Promise<BlobRef> => {
    await store.put(key, bytes, 'application/octet-stream');
    return { key, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'blob-body-'));
    store = await DirectoryBlobStore.create(dir);
    renderer = new BlobBodyRenderer(store);
    refOne = await refOf('attachments/sha256/one', one);
    refTwo = await refOf('attachments/sha256/two', two);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const result = (data: (blob: BlobRef) => string) => ({
    attachments: {
      '1': { id: 1, data: data(refOne), summary: '<b>' },
      '2': { id: 2, data: data(refTwo) },
      '3': { id: 3, data: data(refOne) },
    },
  });
  const render = (accept: string | undefined, callback?: string): BlobBody =>
    renderer.render((placeholders) => result((blob) => placeholders.place(blob)), negotiateFormat(accept), callback);
  const text = async (body: BlobBody): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of renderer.stream(body)) chunks.push(chunk as Buffer);
    const all = Buffer.concat(chunks);
    expect(all.length).toBe(body.length);
    return all.toString('utf8');
  };
  const inline = (): unknown => result((blob) => (blob === refOne ? one : two).toString('base64'));

  it('streams JSON exactly as the whole result would render, with its exact length', async () => {
    const body = render(undefined);
    expect(body.contentType).toBe('application/json; charset=UTF-8');
    expect(await text(body)).toBe(JSON.stringify(inline()));
  });

  it('streams JSONP and the HTML page with sorted keys, data included', async () => {
    expect(await text(render(undefined, 'cb'))).toBe(`/**/cb(${JSON.stringify(inline())})`);
    const page = await text(render('text/html'));
    expect(page).toContain(`&quot;data&quot;: &quot;${two.toString('base64')}&quot;,\n`);
    expect(page).toContain('&quot;summary&quot;: &quot;&lt;b&gt;&quot;');
  });

  it('gives an ETag from the text and the hashes: stable, and another for other bytes', async () => {
    expect(render(undefined).etag).toBe(render(undefined).etag);
    expect(render(undefined).etag).not.toBe(render(undefined, 'cb').etag);
    const changed = renderer.render(
      (placeholders) => result((blob) => placeholders.place(blob === refTwo ? { ...refTwo, sha256: 'other' } : blob)),
      negotiateFormat(undefined),
      undefined,
    );
    expect(changed.etag).not.toBe(render(undefined).etag);
  });

  it.each([
    ['absent', async () => store.delete(refTwo.key)],
    ['of another size', async () => store.put(refTwo.key, Buffer.from('short'), 'application/octet-stream')],
  ])('refuses before the first byte with 100500 when a blob is %s', async (_case, damage) => {
    await damage();
    const failure = await renderer.check(render(undefined), 'corr-1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ code: 100500, message: expect.stringContaining('corr-1') });
  });

  it('errors the stream when a blob disappears after the check', async () => {
    const body = render(undefined);
    await renderer.check(body, 'corr-2');
    await store.delete(refOne.key);
    await expect(text(body)).rejects.toThrow(/attachments\/sha256\/one changed while being sent: absent/);
  });

  describe('with the only blob opened early', () => {
    // the one blob, named twice (under its bug and by id), as a read of one attachment with `ids` gives it
    const single = (data: (blob: BlobRef) => string) => ({
      bugs: { '7': [{ id: 1, data: data(refOne) }] },
      attachments: { '1': { id: 1, data: data(refOne) } },
    });
    const renderOpened = (): BlobBody => {
      const opened = renderer.open({ '1': refOne }, 'GET', undefined);
      expect(opened?.key).toBe(refOne.key);
      return renderer.render((placeholders) => single((blob) => placeholders.place(blob)), negotiateFormat(undefined), undefined, opened);
    };

    it('checks by the read itself, with no stat, and streams the same text', async () => {
      const stat = jest.spyOn(store, 'stat');
      const body = renderOpened();
      await renderer.check(body, 'corr-3');
      expect(stat).not.toHaveBeenCalled();
      expect(await text(body)).toBe(JSON.stringify(single(() => one.toString('base64'))));
    });

    it.each([
      ['absent', async () => store.delete(refOne.key)],
      ['of another size', async () => store.put(refOne.key, Buffer.from('short'), 'application/octet-stream')],
    ])('refuses before the first byte with 100500 when the blob is %s', async (_case, damage) => {
      await damage();
      await expect(renderer.check(renderOpened(), 'corr-4')).rejects.toMatchObject({ code: 100500 });
    });

    it('ends the read when the body is dropped unread, or when the response is no stream', async () => {
      const reads: Array<{ destroyed: boolean }> = [];
      const getStream = store.getStream.bind(store);
      jest.spyOn(store, 'getStream').mockImplementation(async (key) => {
        const read = await getStream(key);
        if (read) reads.push(read.stream);
        return read;
      });
      const body = renderOpened();
      await renderer.check(body, 'corr-5');
      const stream = renderer.stream(body);
      stream.destroy();
      await new Promise((done) => stream.once('close', done));
      await new Promise((done) => setImmediate(done));
      const unsent = renderer.open({ '1': refOne }, 'GET', undefined);
      await expect(unsent?.settle(Promise.resolve({ payload: null }))).resolves.toEqual({ payload: null });
      await unsent?.get();
      await new Promise((done) => setImmediate(done));
      expect(reads.map((read) => read.destroyed)).toEqual([true, true]);
    });

    it('opens nothing for a HEAD, a conditional GET, or a result naming two blobs', () => {
      const getStream = jest.spyOn(store, 'getStream');
      expect(renderer.open({ '1': refOne }, 'HEAD', undefined)).toBeUndefined();
      expect(renderer.open({ '1': refOne }, 'GET', '"etag"')).toBeUndefined();
      expect(renderer.open({ '1': refOne, '2': refTwo }, 'GET', undefined)).toBeUndefined();
      expect(getStream).not.toHaveBeenCalled();
    });
  });
});
