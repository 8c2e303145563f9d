import { createHash, randomBytes } from 'node:crypto';
import {
  ATTACHMENT_CONTENT_PREFIX,
  attachmentContentKey,
  SWEEP_ATTACHMENTS_SUBJECT,
  type SweepAttachmentsResult,
} from '@tracker/contracts';
import type { BlobStore } from '@tracker/platform/blob-store';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN, AttachmentsWorld, errorOf } from '../support/attachments-world';

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function keys(store: BlobStore, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const object of store.list(prefix)) found.push(object.key);
  return found.sort();
}

/**
 * Attachment bytes in the blob store (docs/attachments.md §6.3-6.4), both run modes: content
 * addressed and stored once, orphans and abandoned staging objects swept, uploads racing the
 * sweeper keep their bytes, a missing object is 500/100500 only when `data` is wanted.
 */
export function bytesCases(tracker: () => RunningTracker): void {
  describe('attachments: bytes, dedup and the sweeper', () => {
    const world = new AttachmentsWorld(() => tracker().baseUrl);
    let bugs: number[];
    const sweep = (graceSeconds = 0, stagingGraceSeconds = graceSeconds): Promise<SweepAttachmentsResult> =>
      tracker().request<SweepAttachmentsResult>(SWEEP_ATTACHMENTS_SUBJECT, { graceSeconds, stagingGraceSeconds });

    beforeAll(async () => {
      bugs = await Promise.all([1, 2, 3].map((n) => world.bug(ADMIN, `Bytes ${n}.`)));
    }, 120_000);

    it('stores one file put on three bugs (separately and through ids) as one content object', async () => {
      const bytes = randomBytes(64 * 1024);
      const ids = [
        ...(await world.attach(ADMIN, bugs[0] ?? 0, bytes)),
        ...(await world.attach(ADMIN, bugs[1] ?? 0, bytes)),
        ...(await world.attach(ADMIN, bugs[2] ?? 0, bytes, { ids: [bugs[0], bugs[1]] })),
      ];
      expect(ids).toHaveLength(5);
      const store = await tracker().blobStore();
      expect((await keys(store, ATTACHMENT_CONTENT_PREFIX)).filter((key) => key === attachmentContentKey(sha256(bytes)))).toHaveLength(1);
      expect(await keys(store, 'attachments/staging/')).toEqual([]);
      for (const id of ids) expect(Buffer.from((await world.attachment(ADMIN, id))?.data ?? '', 'base64').equals(bytes)).toBe(true);
    });

    it('sweeps unreferenced content objects and abandoned staging objects past the grace, and keeps referenced ones', async () => {
      const store = await tracker().blobStore();
      // the earlier cases' refused uploads left their bytes to the sweeper: gone first, so the counts below are this case's
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await sweep();
      const kept = randomBytes(1000);
      const [id = 0] = await world.attach(ADMIN, bugs[0] ?? 0, kept);
      const orphan = randomBytes(1000);
      await store.put(attachmentContentKey(sha256(orphan)), orphan, 'application/octet-stream');
      await store.put('attachments/staging/abandoned-upload', orphan, 'application/octet-stream');
      expect(await sweep(3600)).toEqual({ deleted: { content: 0, staging: 0 } });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await sweep()).toEqual({ deleted: { content: 1, staging: 1 } });
      expect(await store.exists(attachmentContentKey(sha256(orphan)))).toBe(false);
      expect(await store.exists('attachments/staging/abandoned-upload')).toBe(false);
      expect(Buffer.from((await world.attachment(ADMIN, id))?.data ?? '', 'base64').equals(kept)).toBe(true);
    });

    // new bytes go straight to their content key (docs/attachments.md §6.2); a refusal leaves them to the sweeper
    it('leaves the bytes of a refused upload to the sweeper, which spares them for the staging grace, then sweeps them', async () => {
      const store = await tracker().blobStore();
      const bytes = randomBytes(2000);
      const response = await world.call(ADMIN, 'POST', `/bug/${bugs[0] ?? 0}/attachment`, {
        data: bytes.toString('base64'),
        file_name: 'refused.bin',
        summary: '',
        content_type: 'application/octet-stream',
      });
      expect(errorOf(response)).toMatchObject({ status: 400, code: 604 });
      expect((await store.get(attachmentContentKey(sha256(bytes))))?.equals(bytes)).toBe(true);
      expect(await keys(store, 'attachments/staging/')).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      // past the content grace (0) but not the staging grace: an upload may be about to name them
      await sweep(0, 3600);
      expect(await store.exists(attachmentContentKey(sha256(bytes)))).toBe(true);
      // an upload of the same bytes now names them and keeps them
      const [id = 0] = await world.attach(ADMIN, bugs[1] ?? 0, bytes);
      await sweep();
      expect(Buffer.from((await world.attachment(ADMIN, id))?.data ?? '', 'base64').equals(bytes)).toBe(true);
      // past both graces, unnamed bytes go
      const unnamed = randomBytes(2000);
      const refused = await world.call(ADMIN, 'POST', `/bug/${bugs[0] ?? 0}/attachment`, { data: unnamed.toString('base64'), summary: '' });
      expect(errorOf(refused)).toMatchObject({ status: 400, code: 604 });
      expect(await store.exists(attachmentContentKey(sha256(unnamed)))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await sweep(0, 0);
      expect(await store.exists(attachmentContentKey(sha256(unnamed)))).toBe(false);
    });

    // content grace 0: only the blob lock, held from promotion until the read model names the bytes, keeps them
    // (staging keeps its grace: an upload still streaming is not abandoned, and bytes written straight to their
    // content key are spared for as long)
    // refused uploads of the same bytes among them: a refusal deletes no content another upload may rely on
    it('loses nothing when uploads race the sweeper and refused uploads of the same bytes', async () => {
      const bytes = randomBytes(32 * 1024);
      let racing = true;
      const sweeping = (async () => {
        while (racing) await sweep(0, 3600);
      })();
      try {
        const refusing = Promise.all(
          Array.from({ length: 8 }, (_, n) =>
            world.call(ADMIN, 'POST', `/bug/${bugs[n % 3] ?? 0}/attachment`, { data: bytes.toString('base64'), summary: '' }),
          ),
        );
        const ids = await Promise.all(Array.from({ length: 20 }, (_, n) => world.attach(ADMIN, bugs[n % 3] ?? 0, bytes)));
        for (const refused of await refusing) expect(errorOf(refused)).toMatchObject({ status: 400, code: 604 });
        racing = false;
        await sweeping;
        await sweep();
        for (const [id] of ids)
          expect(Buffer.from((await world.attachment(ADMIN, id ?? 0))?.data ?? '', 'base64').equals(bytes)).toBe(true);
      } finally {
        racing = false;
        await sweeping;
      }
    }, 90_000);

    it('answers 500/100500 for a missing object when data is wanted, and 200 without data', async () => {
      const bytes = randomBytes(100);
      const [id = 0] = await world.attach(ADMIN, bugs[1] ?? 0, bytes);
      await (await tracker().blobStore()).delete(attachmentContentKey(sha256(bytes)));
      expect((await world.attachment(ADMIN, id, '?exclude_fields=data'))?.size).toBe(100);
      expect(errorOf(await world.call(ADMIN, 'GET', `/bug/attachment/${id}`))).toMatchObject({ status: 500, code: 100500 });
    });
  });
}
