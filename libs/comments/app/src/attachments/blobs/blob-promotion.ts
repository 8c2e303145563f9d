import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ATTACHMENT_STAGING_PREFIX,
  type AttachmentClaim,
  attachmentContentKey,
  CommonErrors,
  type ServiceRequest,
} from '@tracker/contracts';
import { BLOB_STORE, type BlobStore } from '@tracker/platform/blob-store';
import { KeyedLocks } from '@tracker/platform/read-model';
import type { CommentsLock } from '../../comments.locks';

/** A claim whose bytes the gateway stored: under a staging key, or under their content key itself. */
export type StoredClaim = AttachmentClaim & { stagingKey: string };

/** The bytes an event may name: in place under `attachments/sha256/<sha256>`. */
export interface Promoted {
  readonly sha256: string;
  readonly size: number;
}

/** Whether the gateway wrote the claim's bytes straight to their content key (docs/attachments.md §6.2). */
export function isDirectClaim(claim: StoredClaim): boolean {
  return claim.stagingKey === attachmentContentKey(claim.sha256);
}

/** The only keys a claim may name: a staging object, or the content object of its own hash. */
export function isClaimableKey(claim: StoredClaim): boolean {
  return claim.stagingKey.startsWith(ATTACHMENT_STAGING_PREFIX) || isDirectClaim(claim);
}

/**
 * Bytes first, event second (docs/attachments.md §6.3): under the blob lock of the hash, taken
 * while the request is checked, the claim's bytes are put in place as the content object
 * `attachments/sha256/<hash>` (a direct write is checked; stored bytes are touched, so no
 * sweep takes them; new ones copied from staging), then the event naming them is appended
 * and this read model waits for it, still under the lock. Nothing here deletes a content
 * object: bytes nobody names are the sweeper's, after their grace (§6.4). The staging object
 * is deleted either way.
 */
@Injectable()
export class BlobPromotion {
  private readonly logger = new Logger(BlobPromotion.name);

  constructor(
    @Inject(BLOB_STORE) private readonly store: BlobStore,
    private readonly locks: KeyedLocks<CommentsLock>,
  ) {}

  /**
   * Runs `checks` at once and takes the blob lock meanwhile; under it, the bytes are put in
   * place while the checks go on (a missing or short object is 100500, logged), then `work`
   * (the append, and the wait for this read model) runs with what both gave. A refusal by
   * either leaves the content object to the sweeper: another upload of the same bytes may be
   * about to name it.
   */
  async withPromoted<Checked, T>(
    claim: StoredClaim,
    request: ServiceRequest,
    checks: () => Promise<Checked>,
    work: (checked: Checked, promoted: Promoted) => Promise<T>,
  ): Promise<T> {
    const checking = checks();
    // observed here: a refusal that comes before the lock is reported once the lock is taken
    checking.catch(() => undefined);
    let dropped: Promise<void> | undefined;
    try {
      return await this.locks.withLock('attachment-blob', [claim.sha256], async () => {
        const placing = this.place(claim, request);
        placing.catch(() => undefined);
        // both settled: nothing of this upload writes to the store once the lock is released
        const [checked, promoted] = await settledBoth(checking, placing);
        // the bytes are in place: the staging object goes while the event is appended
        dropped = this.dropStaging(claim, request);
        try {
          return await work(checked, promoted);
        } finally {
          await dropped;
        }
      });
    } catch (error) {
      if (!dropped) await this.dropStaging(claim, request);
      throw error;
    }
  }

  /** A request refused before any lock (anonymous, no bytes stored): its staging object goes, bytes at their content key stay. */
  async abandon(claim: AttachmentClaim | undefined, request: ServiceRequest): Promise<void> {
    if (claim?.stagingKey) await this.dropStaging({ ...claim, stagingKey: claim.stagingKey }, request);
  }

  /**
   * Under the blob lock: the content object in place with the claimed size. A direct write is
   * checked; else both objects are asked together, stored bytes touched and new ones (or ones
   * the touch finds swept) copied from the staging object, whose size must be the claim's.
   */
  private async place(claim: StoredClaim, request: ServiceRequest): Promise<Promoted> {
    const content = attachmentContentKey(claim.sha256);
    const promoted = { sha256: claim.sha256, size: claim.size };
    if (isDirectClaim(claim)) {
      const stored = await this.store.stat(content);
      if (stored?.size !== claim.size) throw this.mismatch(content, stored?.size, claim.size, request);
      return promoted;
    }
    const [staged, contentExists] = await Promise.all([this.store.stat(claim.stagingKey), this.store.exists(content)]);
    if (staged?.size !== claim.size) throw this.mismatch(claim.stagingKey, staged?.size, claim.size, request);
    if (contentExists && (await this.store.touch(content))) return promoted;
    if (await this.store.copy(claim.stagingKey, content)) return promoted;
    this.logger.error(`upload ${request.correlationId}: staging object ${claim.stagingKey} vanished before its promotion`);
    throw CommonErrors.internal(request.correlationId);
  }

  private mismatch(key: string, size: number | undefined, claimed: number, request: ServiceRequest): Error {
    this.logger.error(
      `upload ${request.correlationId}: object ${key} is ${size === undefined ? 'absent' : `${size} bytes`}, the claim says ${claimed}`,
    );
    return CommonErrors.internal(request.correlationId);
  }

  /** deletes a staging object (a direct claim has none); a failure is logged: the sweeper removes it after its grace */
  private async dropStaging(claim: StoredClaim, request: ServiceRequest): Promise<void> {
    if (!claim.stagingKey.startsWith(ATTACHMENT_STAGING_PREFIX)) return;
    try {
      await this.store.delete(claim.stagingKey);
    } catch (error) {
      this.logger.warn(`upload ${request.correlationId}: staging object ${claim.stagingKey} not deleted: ${String(error)}`);
    }
  }
}

/** Both results, once both promises have settled; the first failure in argument order otherwise. */
async function settledBoth<A, B>(first: Promise<A>, second: Promise<B>): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}
