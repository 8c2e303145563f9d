import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { ANONYMOUS, attachmentContentKey, DomainError, type ServiceRequest } from '@tracker/contracts';
import { DirectoryBlobStore } from '@tracker/platform/blob-store';
import type { KeyedLocks } from '@tracker/platform/read-model';
import type { CommentsLock } from '../../comments.locks';
import { BlobPromotion, type Promoted, type StoredClaim } from './blob-promotion';

const BYTES = Buffer.from('the bytes of an attachment');
const SHA256 = createHash('sha256').update(BYTES).digest('hex');
const CONTENT = attachmentContentKey(SHA256);
const STAGING = 'attachments/staging/upload-1';
const CLAIM: StoredClaim = { stagingKey: STAGING, size: BYTES.length, sha256: SHA256, tooLarge: false };
const DIRECT: StoredClaim = { ...CLAIM, stagingKey: CONTENT };
const REQUEST = { auth: ANONYMOUS, correlationId: 'c-1', params: {}, fields: {} } as unknown as ServiceRequest;
const REFUSAL = new DomainError('attachmentSummaryMissing', 'You must enter a description for the attachment.');

/** Promotion on a directory store, with a lock that records its keys and can be held back. */
describe('blob promotion', () => {
  let dir: string;
  let store: DirectoryBlobStore;
  let locks: string[];
  let lockTaken: Promise<void>;
  const promotion = (): BlobPromotion =>
    new BlobPromotion(store, {
      withLock: async <T>(namespace: CommentsLock, keys: readonly string[], work: () => Promise<T>): Promise<T> => {
        await lockTaken;
        locks.push(`${namespace}:${keys.join(',')}`);
        return work();
      },
    } as unknown as KeyedLocks<CommentsLock>);
  const promote = (
    claim: StoredClaim = CLAIM,
    work: (checked: string, promoted: Promoted) => Promise<string> = async (checked) => `appended after ${checked}`,
    checks: () => Promise<string> = async () => 'checks',
  ) => promotion().withPromoted(claim, REQUEST, checks, work);
  const quietly = async <T>(level: 'error' | 'warn', run: () => Promise<T>): Promise<{ result: T; logged: unknown[][] }> => {
    const log = jest.spyOn(Logger.prototype, level).mockImplementation(() => undefined);
    try {
      return { result: await run(), logged: log.mock.calls };
    } finally {
      log.mockRestore();
    }
  };
  const ageContent = async (): Promise<Date> => {
    const past = new Date(Date.now() - 3600_000);
    await utimes(join(dir, 'attachments', 'sha256', `${SHA256}~`), past, past);
    return past;
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'promotion-'));
    store = await DirectoryBlobStore.create(dir);
    await store.put(STAGING, BYTES, 'application/octet-stream');
    locks = [];
    lockTaken = Promise.resolve();
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('copies new bytes to their content key under the blob lock while the checks run, runs the work, and deletes the staging object', async () => {
    let seen: Promoted | undefined;
    // the checks end only once the copy has landed: both run at once
    const checks = async (): Promise<string> => {
      while (!(await store.exists(CONTENT))) await new Promise((resolve) => setTimeout(resolve, 5));
      return 'checks';
    };
    const work = async (checked: string, promoted: Promoted): Promise<string> => {
      seen = promoted;
      expect((await store.get(CONTENT))?.equals(BYTES)).toBe(true);
      return `appended after ${checked}`;
    };
    await expect(promote(CLAIM, work, checks)).resolves.toBe('appended after checks');
    expect(seen).toEqual({ sha256: SHA256, size: BYTES.length });
    expect(locks).toEqual([`attachment-blob:${SHA256}`]);
    expect([await store.exists(STAGING), (await store.get(CONTENT))?.equals(BYTES)]).toEqual([false, true]);
  });

  it('touches bytes already stored instead of copying them (dedup), so no sweep takes them', async () => {
    await store.put(CONTENT, BYTES, 'application/octet-stream');
    const past = await ageContent();
    const copy = jest.spyOn(store, 'copy');
    await expect(promote()).resolves.toBe('appended after checks');
    expect(copy).not.toHaveBeenCalled();
    expect((await store.stat(CONTENT))?.lastModified.getTime()).toBeGreaterThan(past.getTime() + 60_000);
    expect(await store.exists(STAGING)).toBe(false);
  });

  it('copies after all when the bytes seen stored are swept before the touch', async () => {
    await store.put(CONTENT, BYTES, 'application/octet-stream');
    jest.spyOn(store, 'touch').mockImplementationOnce(async () => {
      await store.delete(CONTENT);
      return false;
    });
    await expect(promote()).resolves.toBe('appended after checks');
    expect((await store.get(CONTENT))?.equals(BYTES)).toBe(true);
  });

  it('takes bytes the gateway wrote straight to their content key as they are: no copy, no touch, nothing deleted', async () => {
    await store.delete(STAGING);
    await store.put(CONTENT, BYTES, 'application/octet-stream');
    const past = await ageContent();
    const [copy, touch, remove] = [jest.spyOn(store, 'copy'), jest.spyOn(store, 'touch'), jest.spyOn(store, 'delete')];
    await expect(promote(DIRECT)).resolves.toBe('appended after checks');
    expect([copy.mock.calls, touch.mock.calls, remove.mock.calls]).toEqual([[], [], []]);
    // not touched: still about an hour old (file times round to their own precision)
    expect((await store.stat(CONTENT))?.lastModified.getTime()).toBeLessThan(past.getTime() + 60_000);
    expect(locks).toEqual([`attachment-blob:${SHA256}`]);
  });

  it.each([
    ['a staging object absent', CLAIM, () => store.delete(STAGING)],
    ['a staging object shorter than the claim', CLAIM, () => store.put(STAGING, BYTES.subarray(1), 'application/octet-stream')],
    ['a content object absent', DIRECT, () => Promise.resolve()],
    ['a content object shorter than the claim', DIRECT, () => store.put(CONTENT, BYTES.subarray(1), 'application/octet-stream')],
  ])('answers 100500 and runs no work for %s', async (_case, claim, change) => {
    await change();
    const work = jest.fn(async () => 'appended');
    const { logged } = await quietly('error', () => expect(promote(claim, work)).rejects.toMatchObject({ code: 100500 }));
    expect(logged[0]?.[0]).toMatch(/^upload c-1: object attachments\/(staging|sha256)\/\S+ is (absent|25 bytes), the claim says 26$/);
    expect(work).not.toHaveBeenCalled();
    if (claim === CLAIM) expect([await store.exists(CONTENT), await store.exists(STAGING)]).toEqual([false, false]);
  });

  it('answers 100500 when the staging object vanishes between its stat and the copy', async () => {
    jest.spyOn(store, 'copy').mockResolvedValueOnce(false);
    const { logged } = await quietly('error', () => expect(promote()).rejects.toMatchObject({ code: 100500 }));
    expect(logged[0]?.[0]).toBe(`upload c-1: staging object ${STAGING} vanished before its promotion`);
  });

  it('answers a refusal of the checks once the bytes are placed, leaving them to the sweeper and deleting the staging object', async () => {
    const work = jest.fn(async () => 'appended');
    await expect(promote(CLAIM, work, () => Promise.reject(REFUSAL))).rejects.toBe(REFUSAL);
    expect(work).not.toHaveBeenCalled();
    // another upload of the same bytes may be about to name them (docs/attachments.md §6.4)
    expect([(await store.get(CONTENT))?.equals(BYTES), await store.exists(STAGING)]).toEqual([true, false]);
  });

  it('answers the refusal of the checks before a failed placement, as Bugzilla orders them', async () => {
    await store.delete(STAGING);
    const { logged } = await quietly('error', () => expect(promote(CLAIM, undefined, () => Promise.reject(REFUSAL))).rejects.toBe(REFUSAL));
    expect(logged).toHaveLength(1);
  });

  it('keeps the content object when the work is refused (bytes first: a concurrent upload may name them)', async () => {
    await expect(promote(CLAIM, () => Promise.reject(REFUSAL))).rejects.toBe(REFUSAL);
    expect([(await store.get(CONTENT))?.equals(BYTES), await store.exists(STAGING)]).toEqual([true, false]);
    await store.put(CONTENT, BYTES, 'application/octet-stream');
    await expect(promote(DIRECT, () => Promise.reject(REFUSAL))).rejects.toBe(REFUSAL);
    expect((await store.get(CONTENT))?.equals(BYTES)).toBe(true);
  });

  it('touches the store only under the lock, though the checks run before it is taken', async () => {
    let release = (): void => undefined;
    lockTaken = new Promise((resolve) => (release = resolve));
    let checked = false;
    const promoting = promote(CLAIM, undefined, async () => {
      checked = true;
      return Promise.resolve('checks');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([checked, await store.exists(CONTENT), locks]).toEqual([true, false, []]);
    release();
    await expect(promoting).resolves.toBe('appended after checks');
    expect(await store.exists(CONTENT)).toBe(true);
  });

  it('answers the work even when the staging object cannot be deleted (the sweeper removes it later)', async () => {
    jest.spyOn(store, 'delete').mockRejectedValueOnce(new Error('store unreachable'));
    const { result, logged } = await quietly('warn', () => promote());
    expect(result).toBe('appended after checks');
    expect(logged[0]?.[0]).toBe(`upload c-1: staging object ${STAGING} not deleted: Error: store unreachable`);
    expect((await store.get(CONTENT))?.equals(BYTES)).toBe(true);
  });

  it('abandons a request refused before the lock: its staging object goes, bytes at their content key stay', async () => {
    await promotion().abandon(CLAIM, REQUEST);
    expect(await store.exists(STAGING)).toBe(false);
    await store.put(CONTENT, BYTES, 'application/octet-stream');
    await promotion().abandon(DIRECT, REQUEST);
    await promotion().abandon({ ...CLAIM, stagingKey: null }, REQUEST);
    await promotion().abandon(undefined, REQUEST);
    expect(await store.exists(CONTENT)).toBe(true);
    expect(locks).toEqual([]);
  });
});
