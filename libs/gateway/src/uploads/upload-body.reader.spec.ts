import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ATTACHMENT_STAGING_PREFIX as STAGING_PREFIX, attachmentContentKey, DomainError } from '@tracker/contracts';
import { type BlobStore, DirectoryBlobStore } from '@tracker/platform/blob-store';
import { type UploadBody, UploadBodyReader } from './upload-body.reader';

const LIMIT = 3000;
const MAX_BODY = 2000;

/** the body as the socket might deliver it: cut into pieces of `size` bytes */
async function* pieces(text: string, size = 7): AsyncIterable<Buffer> {
  const bytes = Buffer.from(text);
  for (let from = 0; from < bytes.length; from += size) yield bytes.subarray(from, from + size);
}

const bytesOf = (length: number, seed = 1): Buffer => Buffer.from(Array.from({ length }, (_, index) => (index * 31 + seed) % 256));

describe('UploadBodyReader', () => {
  let dir: string;
  let store: BlobStore;
  let reader: UploadBodyReader;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upload-reader-'));
    store = await DirectoryBlobStore.create(dir);
    reader = new UploadBodyReader(store, { maxBodyBytes: MAX_BODY, maxAttachmentBytes: LIMIT });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const staged = async (): Promise<string[]> => {
    const keys: string[] = [];
    for await (const listing of store.list(STAGING_PREFIX)) keys.push(listing.key);
    return keys;
  };

  const read = (body: string | undefined, options: { type?: string; query?: unknown; chunk?: number } = {}): Promise<UploadBody> =>
    reader.read(body === undefined ? undefined : pieces(body, options.chunk), options.type ?? 'application/json', options.query);

  const refusal = async (promise: Promise<unknown>): Promise<{ code: number; message: string }> => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof DomainError) return { code: error.code, message: error.message };
      throw error;
    }
    throw new Error('read without complaint');
  };

  it.each([
    ['before', (data: string) => `{"data":"${data}","summary":"s","ids":[1,"2"],"nested":{"a":[true,null,1.5]}}`],
    ['after', (data: string) => `{"summary":"s","ids":[1,"2"],"nested":{"a":[true,null,1.5]},"data":"${data}"}`],
  ])('stores the decoded bytes of data %s the other fields, and assembles those', async (_where, body) => {
    const bytes = bytesOf(1000);
    const { params, upload } = await read(body(bytes.toString('base64')));
    expect(params).toEqual({ summary: 's', ids: [1, '2'], nested: { a: [true, null, 1.5] } });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // new bytes go straight to their content key (docs/attachments.md §6.2)
    expect(upload).toEqual({ stagingKey: attachmentContentKey(sha256), size: 1000, sha256, tooLarge: false });
    expect(await store.get(upload?.stagingKey ?? '')).toEqual(bytes);
    expect(await staged()).toEqual([]);
  });

  it('stages bytes already stored in a staging object and leaves their content object as it was', async () => {
    const bytes = bytesOf(1000, 3);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await store.put(attachmentContentKey(sha256), bytes, 'application/octet-stream');
    const before = await store.stat(attachmentContentKey(sha256));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { upload } = await read(`{"data":"${bytes.toString('base64')}"}`);
    expect(upload).toEqual({
      stagingKey: expect.stringMatching(/^attachments\/staging\/[0-9a-f-]{36}$/),
      size: 1000,
      sha256,
      tooLarge: false,
    });
    expect(await store.get(upload?.stagingKey ?? '')).toEqual(bytes);
    expect(await staged()).toEqual([upload?.stagingKey]);
    expect(await store.stat(attachmentContentKey(sha256))).toEqual(before);
  });

  it('decodes JSON escapes and MIME line breaks inside data', async () => {
    const bytes = bytesOf(300, 5);
    const text = (bytes.toString('base64').match(/.{1,76}/g) ?? []).join('\\n').replace(/\//g, '\\/');
    const { upload } = await read(`{"data":"${text}"}`, { chunk: 3 });
    expect(await store.get(upload?.stagingKey ?? '')).toEqual(bytes);
  });

  it.each([1, 5, 64 * 1024])(
    'reads data however the body is cut (pieces of %i bytes): escapes, an escaped key, a later data',
    async (chunk) => {
      const bytes = bytesOf(500, 9);
      const base64 = bytes.toString('base64');
      // \u0041 is 'A', \/ is '/': JSON escapes the decoder must see decoded
      const escaped = `${base64.slice(0, 10)}\\u00${base64.charCodeAt(10).toString(16)}${base64.slice(11).replace(/\//g, '\\/')}`;
      const plain = await read(`{"summary":"a \\"data\\": \\"x","data" : "${escaped}", "after":{"data":"QQ=="}}`, { chunk });
      expect(plain.params).toEqual({ summary: 'a "data": "x', after: { data: 'QQ==' } });
      expect(await store.get(plain.upload?.stagingKey ?? '')).toEqual(bytes);
      const longerKeys = await read(`{"database":"x","dat":"y","data":"${base64}"}`, { chunk });
      expect(longerKeys.params).toEqual({ database: 'x', dat: 'y' });
      expect(await store.get(longerKeys.upload?.stagingKey ?? '')).toEqual(bytes);
      const keyEscaped = await read(`{"d\\u0061ta":"${base64}"}`, { chunk });
      expect(await store.get(keyEscaped.upload?.stagingKey ?? '')).toEqual(bytes);
    },
  );

  it('stores exactly the limit, and one byte over is too large with nothing stored', async () => {
    const atLimit = await read(`{"data":"${bytesOf(LIMIT).toString('base64')}"}`, { chunk: 1000 });
    expect(atLimit.upload).toMatchObject({ size: LIMIT, tooLarge: false });
    const over = await read(`{"data":"${bytesOf(LIMIT + 1).toString('base64')}","summary":"after"}`, { chunk: 1000 });
    expect(over).toEqual({
      params: { summary: 'after' },
      upload: { stagingKey: null, size: LIMIT + 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), tooLarge: true },
    });
    expect(atLimit.upload?.stagingKey).toBe(attachmentContentKey(atLimit.upload?.sha256 ?? ''));
    expect(await store.stat(atLimit.upload?.stagingKey ?? '')).toMatchObject({ size: LIMIT });
    expect(await staged()).toEqual([]);
  });

  it('stops reading past the drain cap (the other parameters, the limit in base64 and 64 KiB) with 600, leaving nothing', async () => {
    const huge = bytesOf(60_000).toString('base64');
    expect(await refusal(read(`{"data":"${huge}"}`, { chunk: 4096 }))).toEqual({
      code: 600,
      message: expect.stringMatching(
        /^The file you are trying to attach is more than \d+ kilobytes \(KB\) in size\. Attachments cannot be more than 2 KB\.$/,
      ),
    });
    expect(await staged()).toEqual([]);
  });

  it('lets the query string win, reading the body data and dropping it', async () => {
    const { params, upload } = await read('{"data":"!!not base64!!","summary":"s"}', { query: Buffer.from('query').toString('base64') });
    expect(params).toEqual({ summary: 's' });
    expect(await store.get(upload?.stagingKey ?? '')).toEqual(Buffer.from('query'));
  });

  it('reads absent or null data as no upload, and empty data as an empty one that stores nothing', async () => {
    expect(await read('{"summary":"s"}')).toEqual({ params: { summary: 's' }, upload: undefined });
    expect(await read('{"data":null}')).toEqual({ params: {}, upload: undefined });
    expect((await read('{"data":""}')).upload).toMatchObject({ stagingKey: null, size: 0, tooLarge: false });
    expect(await read(undefined)).toEqual({ params: {}, upload: undefined });
    expect(await read(' \n ')).toEqual({ params: {}, upload: undefined });
    expect(await staged()).toEqual([]);
  });

  it.each([
    ['{"data":"QUJD*RA=="}', "The data of the attachment is not valid base64: the character '*' at character 5. Nothing was changed."],
    ['{"data":12}', "The parameter 'data' must be a string of base64; nothing was changed."],
    ['{"data":["QQ=="]}', "The parameter 'data' must be a string of base64; nothing was changed."],
    ['{"data":"QUJD","data":"QUJD"}', "The parameter 'data' is given twice; nothing was changed."],
    ['{"data":null,"data":"QUJD"}', "The parameter 'data' is given twice; nothing was changed."],
    ['{"data":"QUJDé"}', "The data of the attachment is not valid base64: the character 'é' at character 5. Nothing was changed."],
    ['{"data":"QU\\u0000JD"}', 'The data of the attachment is not valid base64: the character U+0000 at character 3. Nothing was changed.'],
    ['{"data":"QUJD\nQUJD"}', expect.stringMatching(/^Could not parse the request body as valid JSON\. Error: /)],
    ['{"data":"QUJD\\xQUJD"}', expect.stringMatching(/^Could not parse the request body as valid JSON\. Error: /)],
    ['[1]', 'The request body must be a JSON object of parameters.'],
    ['{"data":"QUJD",', expect.stringMatching(/^Could not parse the request body as valid JSON\. Error: /)],
    [
      `{"a":${'['.repeat(600)}${']'.repeat(600)}}`,
      'Could not parse the request body as valid JSON. Error: it is nested more than 512 levels deep.',
    ],
  ])('refuses %s with 32000 and leaves no staging object', async (body, message) => {
    expect(await refusal(read(body))).toEqual({ code: 32000, message });
    expect(await staged()).toEqual([]);
  });

  it('leaves nothing in the store when the body fails after bytes were staged (the client went away)', async () => {
    const large = new UploadBodyReader(store, { maxBodyBytes: MAX_BODY, maxAttachmentBytes: 1_000_000 });
    const text = `{"data":"${bytesOf(300_000).toString('base64')}`;
    async function* goneAway(): AsyncIterable<Buffer> {
      yield* pieces(text, 64 * 1024);
      throw new Error('aborted');
    }
    await expect(large.read(goneAway(), 'application/json', undefined)).rejects.toThrow('aborted');
    expect(await staged()).toEqual([]);
  });

  it('refuses other parameters larger than the body limit with 58', async () => {
    expect(await refusal(read(`{"summary":"${'x'.repeat(MAX_BODY)}","data":"QUJD"}`))).toMatchObject({ code: 58 });
  });

  it('reads a form body, its data decoded the same way', async () => {
    const bytes = bytesOf(200);
    const body = `summary=s&data=${encodeURIComponent(bytes.toString('base64'))}`;
    const { params, upload } = await read(body, { type: 'application/x-www-form-urlencoded' });
    expect(params).toEqual({ summary: 's' });
    expect(await store.get(upload?.stagingKey ?? '')).toEqual(bytes);
  });

  it('refuses a media type that is neither JSON nor form fields', async () => {
    expect(await refusal(read('x', { type: 'multipart/form-data' }))).toMatchObject({ code: 32613 });
  });
});
