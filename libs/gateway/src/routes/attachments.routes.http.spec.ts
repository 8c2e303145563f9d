import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, type INestApplication } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ATTACHMENT_STAGING_PREFIX,
  CREATE_ATTACHMENT_SUBJECT,
  DomainError,
  ErrorCode,
  type ErrorName,
  FLAGS_OF_SUBJECT,
  GET_ATTACHMENTS_SUBJECT,
  type ServiceRequest,
  UPDATE_ATTACHMENTS_SUBJECT,
  attachmentContentKey,
} from '@tracker/contracts';
import { BLOB_STORE, type BlobStore, BlobStoreModule } from '@tracker/platform/blob-store';
import { http, jsonCall } from '@tracker/testing';
import { startProbeGateway } from '../gateway-probe.fixture';
import { attachmentsRoutes } from './attachments.routes';

const LIMIT = 3000;
const MAX_BODY = 2048;
const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
const SHA = createHash('sha256').update(ALL_BYTES).digest('hex');
const received: Array<ServiceRequest<Record<string, unknown>>> = [];

const attachment = (id: number) => ({ id, bug_id: 5, file_name: 'all.bin', summary: 'bytes', is_private: false, size: 256 });
const FLAG = { id: 3, name: 'review', type_id: 2, status: '?', setter: 'a@example.com' };
const flagsAsked: Array<ServiceRequest<Record<string, unknown>>> = [];
const flagged = (id: number) => ({ ...attachment(id), flags: [FLAG] });

/** Stands in for flags: the flags of attachment 1. */
@Controller()
class FakeFlags {
  @MessagePattern(FLAGS_OF_SUBJECT)
  of(@Payload() request: ServiceRequest<Record<string, unknown>>): unknown {
    flagsAsked.push(request);
    return { bugs: {}, attachments: { '1': [FLAG] } };
  }
}

/** Stands in for comments: records what reached it; reads name the blob of all 256 byte values when `data` is wanted. */
@Controller()
class FakeComments {
  @MessagePattern(CREATE_ATTACHMENT_SUBJECT)
  create(@Payload() request: ServiceRequest<Record<string, unknown>>): unknown {
    received.push(request);
    if (request.params['summary'] === 'refuse')
      throw new DomainError('attachmentSummaryMissing', 'You must enter a description for the attachment.');
    return { ids: [17] };
  }

  @MessagePattern(GET_ATTACHMENTS_SUBJECT)
  get(@Payload() request: ServiceRequest<Record<string, unknown>>): unknown {
    received.push(request);
    const wantsData = !(request.fields?.exclude.includes('data') ?? false);
    return {
      bugs: { '5': [attachment(1)] },
      attachments: { '1': attachment(1) },
      ...(wantsData ? { blobs: { '1': { key: attachmentContentKey(SHA), size: 256, sha256: SHA } } } : {}),
    };
  }

  @MessagePattern(UPDATE_ATTACHMENTS_SUBJECT)
  update(@Payload() request: ServiceRequest<Record<string, unknown>>): unknown {
    received.push(request);
    const code = Number(request.params['summary']);
    if (code > 0) throw new DomainError({ code, message: `refused with ${code}` });
    return { attachments: [] };
  }
}

describe('attachment routes over HTTP (stand-in comments)', () => {
  let app: INestApplication;
  let base: string;
  let store: BlobStore;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gateway-attachments-'));
    ({ app, base } = await startProbeGateway({
      routes: attachmentsRoutes,
      controllers: [FakeComments, FakeFlags],
      imports: [BlobStoreModule.forRoot({ adapter: 'directory', dir })],
      maxBodyBytes: MAX_BODY,
      maxAttachmentBytes: LIMIT,
    }));
    store = app.get(BLOB_STORE);
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    received.length = 0;
    await store.put(attachmentContentKey(SHA), ALL_BYTES, 'application/octet-stream');
    for await (const { key } of store.list(ATTACHMENT_STAGING_PREFIX)) await store.delete(key);
  });

  const staged = async (): Promise<string[]> => {
    const keys: string[] = [];
    for await (const { key } of store.list(ATTACHMENT_STAGING_PREFIX)) keys.push(key);
    return keys;
  };
  const post = (body: unknown, query = '') => http(base, `/rest/bug/5/attachment${query}`, jsonCall('POST', body));
  const lastParams = (): Record<string, unknown> => received[received.length - 1]?.params ?? {};

  describe('create', () => {
    it('streams data into a staging object and hands comments the claim in its place: 201 {ids}', async () => {
      const response = await post({ summary: 's', data: ALL_BYTES.toString('base64'), data_claim: { stagingKey: 'forged' } });
      expect(response.status).toBe(201);
      expect(response.json()).toEqual({ ids: [17] });
      const claim = lastParams()['data_claim'] as { stagingKey: string };
      expect(claim).toEqual({ stagingKey: expect.stringMatching(/^attachments\/staging\//), size: 256, sha256: SHA, tooLarge: false });
      expect(lastParams()).toEqual({ id: '5', summary: 's', data_claim: claim });
      expect(await store.get(claim.stagingKey)).toEqual(ALL_BYTES);
    });

    it('writes new bytes straight to their content key and claims that key', async () => {
      const bytes = Buffer.from('new bytes, never stored');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      expect((await post({ summary: 's', data: bytes.toString('base64') })).status).toBe(201);
      expect(lastParams()['data_claim']).toEqual({ stagingKey: attachmentContentKey(sha256), size: bytes.length, sha256, tooLarge: false });
      expect(await store.get(attachmentContentKey(sha256))).toEqual(bytes);
      expect(await staged()).toEqual([]);
    });

    it('takes no generic body limit on the upload route: the limit is the attachment size', async () => {
      const atLimit = Buffer.alloc(LIMIT, 7).toString('base64');
      expect(atLimit.length).toBeGreaterThan(MAX_BODY);
      const response = await post({ summary: 's', data: atLimit });
      expect(response.status).toBe(201);
      expect(lastParams()['data_claim']).toMatchObject({ size: LIMIT, tooLarge: false });
    });

    it('claims too large one byte over the limit, storing nothing (comments answers 600)', async () => {
      const response = await post({ summary: 's', data: Buffer.alloc(LIMIT + 1, 7).toString('base64') });
      expect(response.status).toBe(201);
      expect(lastParams()['data_claim']).toMatchObject({ stagingKey: null, size: LIMIT + 1, tooLarge: true });
      expect(await staged()).toEqual([]);
    });

    it('answers 600 itself past the drain cap, and closes the connection', async () => {
      const body = JSON.stringify({ data: Buffer.alloc(200 * 1024, 1).toString('base64') });
      const response = await sendEarlyAnswered(base, '/rest/bug/5/attachment', body);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.text)).toMatchObject({ error: true, code: 600 });
      expect(response.headers['connection']).toBe('close');
      expect(received).toEqual([]);
      expect(await staged()).toEqual([]);
    });

    it('refuses malformed base64 with 32000 naming the position, calling nobody and keeping nothing', async () => {
      const response = await post({ summary: 's', data: 'QUJD\nRA=*' });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({
        code: 32000,
        message:
          "The data of the attachment is not valid base64: the character '*' after the padding '=' at character 9. Nothing was changed.",
      });
      expect(received).toEqual([]);
      expect(await staged()).toEqual([]);
    });

    it('lets data in the query string win over the body', async () => {
      const response = await post(
        { summary: 's', data: 'ignored' },
        `?data=${encodeURIComponent(Buffer.from('from query').toString('base64'))}`,
      );
      expect(response.status).toBe(201);
      const claim = lastParams()['data_claim'] as { stagingKey: string };
      expect(await store.get(claim.stagingKey)).toEqual(Buffer.from('from query'));
    });

    it('passes no claim when data is absent (comments answers 50), dropping a forged one', async () => {
      await post({ summary: 's', data_claim: { stagingKey: 'attachments/staging/x', size: 1, sha256: SHA, tooLarge: false } });
      expect(lastParams()).toEqual({ id: '5', summary: 's' });
    });

    it('deletes the staging object when the call fails, and leaves bytes at their content key to the sweeper', async () => {
      const refused = await post({ summary: 'refuse', data: ALL_BYTES.toString('base64') });
      expect(refused.json()).toMatchObject({ code: 604 });
      expect(await staged()).toEqual([]);
      const response = await post({ summary: 'refuse', data: 'QUJD' });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ code: 604 });
      expect(await staged()).toEqual([]);
      // another upload of the same bytes may be about to name them (docs/attachments.md §6.4)
      expect(await store.get(attachmentContentKey(createHash('sha256').update('ABC').digest('hex')))).toEqual(Buffer.from('ABC'));
      const anonymousBad = await http(base, '/rest/bug/5/attachment', jsonCall('POST', { data: 'QUJD', api_key: 'wrong' }));
      expect(anonymousBad.json()).toMatchObject({ code: 306 });
      expect(await staged()).toEqual([]);
    });

    it('leaves no staging object when the client goes away in the middle of data', async () => {
      const head = `{"summary":"s","data":"${Buffer.alloc(2000, 3).toString('base64')}`;
      await new Promise<void>((resolve) => {
        const request = httpRequest(new URL('/rest/bug/5/attachment', base), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(head.length + 100_000) },
        });
        request.on('error', () => resolve());
        request.write(head, () => setTimeout(() => request.destroy(), 100));
      });
      await waitFor(async () => (await staged()).length === 0 && received.length === 0);
      expect(await staged()).toEqual([]);
      expect(received).toEqual([]);
    });

    it('keeps the body limit (58) on the other attachment routes', async () => {
      const response = await http(base, '/rest/bug/attachment/1', jsonCall('PUT', { summary: 'x'.repeat(MAX_BODY) }));
      expect(response.status).toBe(413);
      expect(response.json()).toMatchObject({ code: 58 });
    });
  });

  describe('HTTP statuses of the attachment errors (issue 14 item 4)', () => {
    const unauthorized: ErrorName[] = ['bugAccessDenied', 'bugEditDenied', 'privacyChangeDenied', 'authFailure', 'loginRequired'];
    const invalid: ErrorName[] = [
      ...['paramRequired', 'paramMustBeNumeric', 'invalidBugId', 'markdownDisabled', 'userError'],
      ...['flagStatusInvalid', 'flagUpdateDenied', 'flagNotRequesteeble', 'flagNotUnique', 'flagTypeNotUnique', 'flagTypeInactive'],
      ...['attachmentTooLarge', 'invalidContentType', 'attachmentFileMissing', 'attachmentSummaryMissing', 'attachmentEmpty'],
    ] as ErrorName[];
    it.each<[ErrorName, number]>([
      ['bugDoesNotExist', 404],
      ...unauthorized.map((name): [ErrorName, number] => [name, 401]),
      ...invalid.map((name): [ErrorName, number] => [name, 400]),
      ['internalError', 500],
    ])('answers %s with HTTP %i', async (name, status) => {
      const code = ErrorCode[name];
      const response = await http(base, '/rest/bug/attachment/1', jsonCall('PUT', { summary: String(code) }));
      expect(response.status).toBe(status);
      expect(response.json()).toMatchObject({ error: true, code, message: `refused with ${code}` });
    });
  });

  describe('read', () => {
    const expected = (data: string) => ({ bugs: { '5': [{ ...flagged(1), data }] }, attachments: { '1': { ...flagged(1), data } } });

    it('streams data from the blob store: exact bytes for all 256 values, exact length, an ETag', async () => {
      for (const path of ['/rest/bug/5/attachment', '/rest/bug/attachment/1']) {
        const response = await http(base, path);
        expect(response.status).toBe(200);
        expect(response.json()).toEqual(expected(ALL_BYTES.toString('base64')));
        expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.text));
        const again = await http(base, path, { headers: { 'if-none-match': `"${response.headers['etag'] ?? ''}"` } });
        expect(again.status).toBe(304);
      }
    });

    it('never reads the store with exclude_fields=data, and a missing blob is 500/100500 when data is wanted', async () => {
      await store.delete(attachmentContentKey(SHA));
      const without = await http(base, '/rest/bug/5/attachment?exclude_fields=data');
      expect(without.status).toBe(200);
      expect(without.json()).toEqual({ bugs: { '5': [flagged(1)] }, attachments: { '1': flagged(1) } });
      expect(received[0]?.fields).toEqual({ include: [], exclude: ['data'] });
      const withData = await http(base, '/rest/bug/5/attachment');
      expect(withData.status).toBe(500);
      expect(withData.json()).toMatchObject({ error: true, code: 100500 });
    });

    it('composes flags with one flags.of per response, and asks nothing when flags are filtered out', async () => {
      flagsAsked.length = 0;
      const response = await http(base, '/rest/bug/5/attachment?include_fields=id,flags');
      expect(response.json()).toEqual({ bugs: { '5': [{ id: 1, flags: [FLAG] }] }, attachments: { '1': { id: 1, flags: [FLAG] } } });
      expect(flagsAsked.map((request) => request.params)).toEqual([{ attachmentIds: [1] }]);
      await http(base, '/rest/bug/attachment/1?exclude_fields=flags,data');
      await http(base, '/rest/bug/attachment/1?include_fields=id');
      expect(flagsAsked).toHaveLength(1);
    });

    it('filters fields and places data only where it is wanted', async () => {
      const response = await http(base, '/rest/bug/attachment/1?include_fields=id,data');
      const data = ALL_BYTES.toString('base64');
      expect(response.json()).toEqual({ bugs: { '5': [{ id: 1, data }] }, attachments: { '1': { id: 1, data } } });
    });

    it('streams data in JSONP and in the HTML page', async () => {
      const data = ALL_BYTES.toString('base64');
      const jsonp = await http(base, '/rest/bug/attachment/1?callback=cb');
      expect(jsonp.text).toBe(`/**/cb(${JSON.stringify(expected(data))})`);
      const page = await http(base, '/rest/bug/attachment/1', { headers: { accept: 'text/html' } });
      expect(page.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(page.text).toContain(`&quot;data&quot;: &quot;${data}&quot;`);
    });

    it('refuses a non-numeric attachment id with 52', async () => {
      const response = await http(base, '/rest/bug/attachment/abc');
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ code: 52 });
    });
  });
});

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 50 && !(await condition()); tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Sends `body` in pieces and reads the answer even when the server answers and closes before the body is all sent. */
function sendEarlyAnswered(
  base: string,
  path: string,
  body: string,
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL(path, base),
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    const write = (from: number): void => {
      if (from >= body.length || request.destroyed) return void request.end();
      request.write(body.slice(from, from + 16 * 1024), () => setImmediate(() => write(from + 16 * 1024)));
    };
    write(0);
  });
}
