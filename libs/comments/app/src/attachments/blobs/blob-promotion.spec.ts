import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { ANONYMOUS, attachmentContentKey, DomainError, type ServiceRequest } from '@tracker/contracts';
import { DirectoryBlobStore } from '@tracker/platform/blob-store';
import type { KeyedLocks } from '@tracker/platform/read-model';
import type { CommentsLock } from '../../comments.locks';
import type { AttachmentQueries } from '../../read-model/attachment.queries';
import { BlobPromotion, type Promoted } from './blob-promotion';

const BYTES = Buffer.from('the bytes of an attachment');
const SHA256 = createHash('sha256').update(BYTES).digest('hex');
const CONTENT = attachmentContentKey(SHA256);
const STAGING = 'attachments/staging/upload-1';
const CLAIM = { stagingKey: STAGING, size: BYTES.length, sha256: SHA256, tooLarge: false };
const REQUEST = { auth: ANONYMOUS, correlationId: 'c-1', params: {}, fields: {} } as unknown as ServiceRequest;

/** Promotion on a directory store, with a lock that records its keys and references from a stand-in read model. */
describe('blob promotion', () => {
  let dir: string;
  let store: DirectoryBlobStore;
  let referenced: Set<string>;
  let locks: string[];
  const promotion = (): BlobPromotion =>
    new BlobPromotion(
      store,
      {
        withLock: async <T>(namespace: CommentsLock, keys: readonly string[], work: () => Promise<T>): Promise<T> => {
          locks.push(`${namespace}:${keys.join(',')}`);
          return work();
        },
      } as unknown as KeyedLocks<CommentsLock>,
      {
        referenced: async (hashes: readonly string[]) => new Set(hashes.filter((hash) => referenced.has(hash))),
      } as unknown as AttachmentQueries,
    );
  const promote = (work: (promoted: Promoted) => Promise<string> = async () => 'appended') =>
    promotion().withPromoted(CLAIM, REQUEST, work);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'promotion-'));
    store = await DirectoryBlobStore.create(dir);
    await store.put(STAGING, BYTES, 'application/octet-stream');
    referenced = new Set();
    locks = [];
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('copies new bytes to their content key under the blob lock, runs the work, and deletes the staging object', async () => {
    let seen: Promoted | undefined;
    await expect(
      promote(async (promoted) => {
        seen = promoted;
        expect((await store.get(CONTENT))?.equals(BYTES)).toBe(true);
        return 'appended';
      }),
    ).resolves.toBe('appended');
    expect(seen).toEqual({ sha256: SHA256, size: BYTES.length, created: true });
    expect(locks).toEqual([`attachment-blob:${SHA256}`]);
    expect([await store.exists(STAGING), (await store.get(CONTENT))?.equals(BYTES)]).toEqual([false, true]);
  });

  it('touches bytes already stored instead of copying them (dedup), so no sweep takes them', async () => {
    await store.put(CONTENT, BYTES, 'application/octet-stream');
    const past = new Date(Date.now() - 3600_000);
    await utimes(join(dir, 'attachments', 'sha256', `${SHA256}~`), past, past);
    let created: boolean | undefined;
    await promote(async (promoted) => {
      created = promoted.created;
      return 'appended';
    });
    expect(created).toBe(false);
    expect((await store.stat(CONTENT))?.lastModified.getTime()).toBeGreaterThan(past.getTime() + 60_000);
    expect(await store.exists(STAGING)).toBe(false);
  });

  it.each([
    ['absent', async () => store.delete(STAGING)],
    ['shorter than the claim', async () => store.put(STAGING, BYTES.subarray(1), 'application/octet-stream')],
  ])('answers 100500 and runs nothing when the staging object is %s', async (_case, change) => {
    await change();
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const work = jest.fn(async () => 'appended');
    try {
      await expect(promote(work)).rejects.toMatchObject({ code: 100500 });
    } finally {
      error.mockRestore();
    }
    expect(work).not.toHaveBeenCalled();
    expect(await store.exists(CONTENT)).toBe(false);
  });

  it('deletes the content object it created when the work is refused and nothing names it', async () => {
    const refusal = new DomainError('attachmentSummaryMissing', 'You must enter a description for the attachment.');
    await expect(promote(() => Promise.reject(refusal))).rejects.toBe(refusal);
    expect([await store.exists(CONTENT), await store.exists(STAGING)]).toEqual([false, false]);
  });

  it('keeps the content object after a refusal when an attachment names it meanwhile', async () => {
    referenced = new Set([SHA256]);
    const refusal = new DomainError('attachmentSummaryMissing', 'You must enter a description for the attachment.');
    await expect(promote(() => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(await store.exists(CONTENT)).toBe(true);
  });

  it('is right whatever a probe taken before the lock said of the content object', async () => {
    // said present, then swept: copied after all
    const stalePresent = Promise.resolve({ staged: await store.stat(STAGING), contentExists: true });
    await expect(promotion().withPromoted(CLAIM, REQUEST, async (promoted) => String(promoted.created), stalePresent)).resolves.toBe(
      'true',
    );
    expect((await store.get(CONTENT))?.equals(BYTES)).toBe(true);
    // said absent, then written by another upload of the same bytes: copied over with the same bytes
    await store.put(STAGING, BYTES, 'application/octet-stream');
    const staleAbsent = Promise.resolve({ staged: await store.stat(STAGING), contentExists: false });
    await expect(promotion().withPromoted(CLAIM, REQUEST, async () => 'appended', staleAbsent)).resolves.toBe('appended');
    expect([(await store.get(CONTENT))?.equals(BYTES), await store.exists(STAGING)]).toEqual([true, false]);
  });

  it('answers 100500 when the staging object vanishes between the probe and the copy', async () => {
    const probed = Promise.resolve({ staged: await store.stat(STAGING), contentExists: false });
    await store.delete(STAGING);
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      await expect(promotion().withPromoted(CLAIM, REQUEST, async () => 'appended', probed)).rejects.toMatchObject({ code: 100500 });
    } finally {
      error.mockRestore();
    }
    expect(await store.exists(CONTENT)).toBe(false);
  });

  it('copies new bytes while the request is checked, and counts that copy under the lock once it sees the object', async () => {
    const copy = jest.spyOn(store, 'copy');
    const probed = promotion().probe(CLAIM);
    expect((await probed).contentExists).toBe(false);
    expect(await (await probed).copied).toBe(true);
    expect((await store.get(CONTENT))?.equals(BYTES)).toBe(true);
    await expect(promotion().withPromoted(CLAIM, REQUEST, async (promoted) => String(promoted.created), probed)).resolves.toBe('true');
    expect(copy).toHaveBeenCalledTimes(1);
    expect(await store.exists(STAGING)).toBe(false);
  });

  it('copies again under the lock when a sweep took the early copy before the lock', async () => {
    const probed = promotion().probe(CLAIM);
    expect(await (await probed).copied).toBe(true);
    await store.delete(CONTENT);
    await expect(
      promotion().withPromoted(
        CLAIM,
        REQUEST,
        async (promoted) => `${String(promoted.created)} ${String((await store.get(CONTENT))?.equals(BYTES))}`,
        probed,
      ),
    ).resolves.toBe('true true');
  });

  it('copies nothing early when the bytes are stored already, or the staging object is not the claimed size', async () => {
    await store.put(CONTENT, BYTES, 'application/octet-stream');
    expect((await promotion().probe(CLAIM)).copied).toBeUndefined();
    await store.delete(CONTENT);
    await store.put(STAGING, BYTES.subarray(1), 'application/octet-stream');
    expect((await promotion().probe(CLAIM)).copied).toBeUndefined();
    expect(await store.exists(CONTENT)).toBe(false);
  });

  it('abandons a refused upload: its staging object and its early copy go, under the blob lock, unless an attachment names the bytes', async () => {
    await promotion().abandon(STAGING, SHA256, promotion().probe(CLAIM));
    expect([await store.exists(STAGING), await store.exists(CONTENT)]).toEqual([false, false]);
    expect(locks).toEqual([`attachment-blob:${SHA256}`]);
    await store.put(STAGING, BYTES, 'application/octet-stream');
    referenced = new Set([SHA256]);
    await promotion().abandon(STAGING, SHA256, promotion().probe(CLAIM));
    expect([await store.exists(STAGING), await store.exists(CONTENT)]).toEqual([false, true]);
  });

  it('abandons a refused upload without touching bytes it did not copy', async () => {
    await store.put(CONTENT, BYTES, 'application/octet-stream');
    await promotion().abandon(STAGING, SHA256, promotion().probe(CLAIM));
    expect([await store.exists(STAGING), await store.exists(CONTENT)]).toEqual([false, true]);
    expect(locks).toEqual([]);
  });

  it('answers the work even when the staging object cannot be deleted (the sweeper removes it later)', async () => {
    const failing = jest.spyOn(store, 'delete').mockRejectedValueOnce(new Error('store unreachable'));
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await expect(promote()).resolves.toBe('appended');
      expect(warn.mock.calls[0]?.[0]).toBe(`upload c-1: staging object ${STAGING} not deleted: Error: store unreachable`);
    } finally {
      warn.mockRestore();
      failing.mockRestore();
    }
    expect((await store.get(CONTENT))?.equals(BYTES)).toBe(true);
  });
});
