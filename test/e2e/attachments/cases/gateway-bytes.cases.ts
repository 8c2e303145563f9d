import { createHash, randomBytes } from 'node:crypto';
import type { AttachmentsResult } from '@tracker/contracts';
import { http } from '@tracker/testing';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, type Caller, CommentsWorld, errorOf } from '../../comments/support/comments-world';

/**
 * The bytes of attachments through the gateway's HTTP, in both run modes (embedded: the
 * directory adapter; distributed: the MinIO adapter on an s3rver): data streamed in (decoded,
 * hashed, staged) and out (encoded from the blob store), exactly, at and over the limit
 * (TRACKER_MAX_ATTACHMENT_KB, default 1000: 1,024,000 bytes), in every representation.
 */
const LIMIT = 1000 * 1024;
const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export function gatewayBytesCases(tracker: () => RunningTracker): void {
  describe('attachment bytes through the gateway', () => {
    const world = new CommentsWorld(() => tracker().baseUrl);
    let attacher: Caller;
    let bugId: number;

    const create = (data: unknown, extra: Record<string, unknown> = {}) =>
      world.call(attacher, 'POST', `/bug/${bugId}/attachment`, {
        file_name: 'bytes.bin',
        summary: 'bytes',
        content_type: 'application/octet-stream',
        data,
        ...extra,
      });
    const createOk = async (bytes: Buffer): Promise<number> => {
      const response = await create(bytes.toString('base64'));
      expect(response.status).toBe(201);
      const [id] = response.json<{ ids: number[] }>().ids;
      return id ?? 0;
    };
    const read = (id: number, query = '') => world.ok<AttachmentsResult>(attacher, 'GET', `/bug/attachment/${id}${query}`);
    const dataOf = async (id: number): Promise<Buffer> => Buffer.from((await read(id)).attachments[String(id)]?.data ?? '', 'base64');

    beforeAll(async () => {
      attacher = await world.user('attacher');
      bugId = await world.bug(attacher, 'Attachments carry bytes.');
    }, 60_000);

    it('gives back exactly the bytes sent, all 256 values, by id and by bug, with size', async () => {
      const id = await createOk(ALL_BYTES);
      const byId = await read(id);
      expect(byId.attachments[String(id)]).toMatchObject({ id, bug_id: bugId, size: 256, data: ALL_BYTES.toString('base64') });
      const byBug = await world.ok<AttachmentsResult>(attacher, 'GET', `/bug/${bugId}/attachment`);
      expect(byBug.bugs[String(bugId)]?.find((attachment) => attachment.id === id)?.data).toBe(ALL_BYTES.toString('base64'));
      expect(byBug.attachments).toEqual({});
    });

    it('reads MIME lines (76 columns) and JSON escapes in data as base64', async () => {
      const bytes = randomBytes(1000);
      const lines = (bytes.toString('base64').match(/.{1,76}/g) ?? []).join('\n');
      const response = await create(lines);
      expect(response.status).toBe(201);
      expect(await dataOf(response.json<{ ids: number[] }>().ids[0] ?? 0)).toEqual(bytes);
    });

    it('stores exactly the limit (201) and refuses one byte more with 600, keeping nothing', async () => {
      const atLimit = randomBytes(LIMIT);
      const id = await createOk(atLimit);
      const back = await dataOf(id);
      expect(back.length).toBe(LIMIT);
      expect(sha256(back)).toBe(sha256(atLimit));
      const before = await world.ok<AttachmentsResult>(attacher, 'GET', `/bug/${bugId}/attachment?exclude_fields=data`);
      const over = await create(randomBytes(LIMIT + 1).toString('base64'));
      expect(errorOf(over)).toEqual({
        status: 400,
        code: 600,
        message: 'The file you are trying to attach is 1001 kilobytes (KB) in size. Attachments cannot be more than 1000 KB.',
      });
      expect(await world.ok<AttachmentsResult>(attacher, 'GET', `/bug/${bugId}/attachment?exclude_fields=data`)).toEqual(before);
    });

    it('refuses a file 512 KB over the limit with 600, never a generic body-size error', async () => {
      const over = await create(randomBytes(LIMIT + 512 * 1024).toString('base64'));
      expect(errorOf(over)).toMatchObject({ status: 400, code: 600 });
      expect(errorOf(over).message).toMatch(/^The file you are trying to attach is 1512 kilobytes \(KB\) in size\./);
    });

    it('refuses malformed base64 with 32000 naming the position, and a missing or empty data with 50 and 606', async () => {
      expect(errorOf(await create('QUJD*RA=='))).toEqual({
        status: 400,
        code: 32000,
        message: "The data of the attachment is not valid base64: the character '*' at character 5. Nothing was changed.",
      });
      expect(errorOf(await create(undefined))).toMatchObject({ status: 400, code: 50 });
      expect(errorOf(await create(''))).toMatchObject({ status: 400, code: 606 });
    });

    it('leaves data out with exclude_fields=data, and streams it in JSONP and in the HTML page', async () => {
      const id = await createOk(ALL_BYTES);
      const without = await read(id, '?exclude_fields=data');
      expect(without.attachments[String(id)]).not.toHaveProperty('data');
      expect(without.attachments[String(id)]).toMatchObject({ size: 256 });
      const path = `/rest/bug/attachment/${id}`;
      const jsonp = await http(tracker().baseUrl, `${path}?callback=cb&include_fields=id,data`, { headers: attacher.headers });
      expect(jsonp.text).toBe(`/**/cb(${JSON.stringify({ bugs: {}, attachments: { [id]: { id, data: ALL_BYTES.toString('base64') } } })})`);
      const page = await http(tracker().baseUrl, path, { headers: { ...attacher.headers, accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.text).toContain(`&quot;data&quot;: &quot;${ALL_BYTES.toString('base64')}&quot;`);
    });

    it('answers If-None-Match with 304 without the bytes, and the same ETag for the same answer', async () => {
      const id = await createOk(ALL_BYTES);
      const first = await http(tracker().baseUrl, `/rest/bug/attachment/${id}`, { headers: ADMIN.headers });
      const etag = first.headers['etag'] ?? '';
      const again = await http(tracker().baseUrl, `/rest/bug/attachment/${id}`, {
        headers: { ...ADMIN.headers, 'if-none-match': `"${etag}"` },
      });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
    });
  });
}
