import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attachmentContentKey } from '@tracker/contracts';
import { DirectoryBlobStore } from '@tracker/platform/blob-store';
import type { KeyedLocks, ReadModel } from '@tracker/platform/read-model';
import type { CommentsLock } from '../../comments.locks';
import type { AttachmentQueries } from '../../read-model/attachment.queries';
import { AttachmentSweeper } from './attachment-sweeper';

const HOUR = 3600;
const hash = (char: string): string => char.repeat(64);

/** The sweeper on a directory store, a clock it is given, and references from a stand-in read model. */
describe('attachment sweeper', () => {
  let dir: string;
  let store: DirectoryBlobStore;
  let referencedCalls: Array<readonly string[]>;
  let referenced: (hashes: readonly string[], call: number) => Set<string>;
  const locks: string[] = [];
  let caughtUp = 0;

  const sweeper = (): AttachmentSweeper =>
    new AttachmentSweeper(
      store,
      { catchUp: async () => void (caughtUp += 1) } as unknown as ReadModel,
      {
        withLock: async <T>(namespace: CommentsLock, keys: readonly string[], work: () => Promise<T>): Promise<T> => {
          locks.push(`${namespace}:${keys.join(',')}`);
          return work();
        },
      } as unknown as KeyedLocks<CommentsLock>,
      {
        referenced: async (hashes: readonly string[]) => {
          referencedCalls.push(hashes);
          return referenced(hashes, referencedCalls.length);
        },
      } as unknown as AttachmentQueries,
    );
  const put = (key: string): Promise<void> => store.put(key, Buffer.from(key), 'application/octet-stream');
  const later = (seconds: number) => () => Date.now() + seconds * 1000;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sweeper-'));
    store = await DirectoryBlobStore.create(dir);
    referencedCalls = [];
    referenced = () => new Set();
    locks.length = 0;
    caughtUp = 0;
  });

  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('deletes unreferenced content and abandoned staging objects past their grace, on a caught-up read model, under the sweep lock', async () => {
    await put(attachmentContentKey(hash('a')));
    await put(attachmentContentKey(hash('b')));
    await put('attachments/staging/upload-1');
    referenced = (hashes) => new Set(hashes.filter((h) => h === hash('b')));
    expect(await sweeper().sweep({ graceSeconds: HOUR, stagingGraceSeconds: HOUR }, later(2 * HOUR))).toEqual({
      deleted: { content: 1, staging: 1 },
    });
    expect([await store.exists(attachmentContentKey(hash('a'))), await store.exists(attachmentContentKey(hash('b')))]).toEqual([
      false,
      true,
    ]);
    expect(await store.exists('attachments/staging/upload-1')).toBe(false);
    expect(caughtUp).toBe(1);
    expect(locks).toEqual(['attachment-sweep:all', `attachment-blob:${hash('a')}`]);
  });

  it('keeps everything younger than its grace', async () => {
    await put(attachmentContentKey(hash('c')));
    await put('attachments/staging/upload-2');
    expect(await sweeper().sweep({ graceSeconds: HOUR, stagingGraceSeconds: HOUR }, later(60))).toEqual({
      deleted: { content: 0, staging: 0 },
    });
    expect(await store.exists(attachmentContentKey(hash('c')))).toBe(true);
    expect(await store.exists('attachments/staging/upload-2')).toBe(true);
  });

  it('spares unreferenced content younger than the staging grace, whatever its own grace: an upload may be about to name it', async () => {
    await put(attachmentContentKey(hash('e')));
    expect(await sweeper().sweep({ graceSeconds: 0, stagingGraceSeconds: HOUR }, later(60))).toEqual({
      deleted: { content: 0, staging: 0 },
    });
    expect(await store.exists(attachmentContentKey(hash('e')))).toBe(true);
    expect(referencedCalls).toEqual([]);
    expect(await sweeper().sweep({ graceSeconds: 0, stagingGraceSeconds: HOUR }, later(HOUR + 60))).toEqual({
      deleted: { content: 1, staging: 0 },
    });
    expect(await store.exists(attachmentContentKey(hash('e')))).toBe(false);
  });

  it('re-checks under the blob lock: bytes an event named meanwhile stay', async () => {
    await put(attachmentContentKey(hash('d')));
    referenced = (hashes, call) => (call === 1 ? new Set() : new Set(hashes));
    expect(await sweeper().sweep({ graceSeconds: 0, stagingGraceSeconds: 0 }, later(5))).toEqual({
      deleted: { content: 0, staging: 0 },
    });
    expect(await store.exists(attachmentContentKey(hash('d')))).toBe(true);
    expect(referencedCalls).toEqual([[hash('d')], [hash('d')]]);
  });

  it('leaves keys under the content prefix that are no SHA-256 alone', async () => {
    await put('attachments/sha256/not-a-hash');
    expect(await sweeper().sweep({ graceSeconds: 0, stagingGraceSeconds: 0 }, later(5))).toEqual({ deleted: { content: 0, staging: 0 } });
    expect(await store.exists('attachments/sha256/not-a-hash')).toBe(true);
  });
});
