import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AttachmentClaim, attachmentContentKey, CommonErrors, isDomainError, type ServiceRequest } from '@tracker/contracts';
import { BLOB_STORE, type BlobStat, type BlobStore } from '@tracker/platform/blob-store';
import { KeyedLocks } from '@tracker/platform/read-model';
import type { CommentsLock } from '../../comments.locks';
import { AttachmentQueries } from '../../read-model/attachment.queries';

/** What promotion did: whether this upload wrote the content object. */
export interface Promoted {
  readonly sha256: string;
  readonly size: number;
  readonly created: boolean;
}

/** What the store holds of a claim before promotion: read-only, so it may be asked while the request is still being checked. */
export interface BlobProbe {
  readonly staged: BlobStat | null;
  readonly contentExists: boolean;
}

/**
 * Bytes first, event second (docs/attachments.md §6.3): under the blob lock of the hash the
 * staging object becomes the content object `attachments/sha256/<hash>`, once however many
 * attachments name it. An existing one is touched instead, so that no sweep deletes bytes an
 * event is about to name. The staging object is deleted either way.
 */
@Injectable()
export class BlobPromotion {
  private readonly logger = new Logger(BlobPromotion.name);

  constructor(
    @Inject(BLOB_STORE) private readonly store: BlobStore,
    private readonly locks: KeyedLocks<CommentsLock>,
    private readonly queries: AttachmentQueries,
  ) {}

  /**
   * Both objects' state, asked together. Outside the lock the content's presence is only a
   * hint, and a safe one: a copy where the object appeared meanwhile writes the same bytes
   * (it is named by them), and a touch that finds it gone falls back to the copy.
   */
  probe(claim: AttachmentClaim & { stagingKey: string }): Promise<BlobProbe> {
    const content = attachmentContentKey(claim.sha256);
    return Promise.all([this.store.stat(claim.stagingKey), this.store.exists(content)]).then(([staged, contentExists]) => ({
      staged,
      contentExists,
    }));
  }

  /**
   * Promotes the claim's staging object (a missing or short one is 100500, logged) and runs
   * `work` (the append, and the wait for this read model) still under the blob lock, so that
   * no sweep judges the hash between the bytes and the event naming them. When `work` is
   * refused, a content object this upload created and nothing names is deleted again. The
   * staging object is deleted while `work` runs: the bytes are in place by then, and if that
   * delete fails the sweeper removes the object later.
   */
  async withPromoted<T>(
    claim: AttachmentClaim & { stagingKey: string },
    request: ServiceRequest,
    work: (promoted: Promoted) => Promise<T>,
    probed: Promise<BlobProbe> = this.probe(claim),
  ): Promise<T> {
    const content = attachmentContentKey(claim.sha256);
    return this.locks.withLock('attachment-blob', [claim.sha256], async () => {
      const { staged, contentExists } = await probed;
      if (!staged || staged.size !== claim.size) {
        this.logger.error(
          `upload ${request.correlationId}: staging object ${claim.stagingKey} is ${staged ? `${staged.size} bytes` : 'absent'}, the claim says ${claim.size}`,
        );
        throw CommonErrors.internal(request.correlationId);
      }
      const touched = contentExists && (await this.store.touch(content));
      const created = !touched && (await this.store.copy(claim.stagingKey, content));
      if (!touched && !created) throw this.vanished(claim.stagingKey, request);
      const dropped = this.store
        .delete(claim.stagingKey)
        .catch((error: unknown) =>
          this.logger.warn(`upload ${request.correlationId}: staging object ${claim.stagingKey} not deleted: ${String(error)}`),
        );
      try {
        return await work({ sha256: claim.sha256, size: claim.size, created });
      } catch (error) {
        // a refusal wrote nothing; a timeout or an internal error may have appended: the sweeper decides later
        if (created && isDomainError(error) && error.code < 100_000) await this.discard(claim.sha256);
        throw error;
      } finally {
        await dropped;
      }
    });
  }

  private async discard(sha256: string): Promise<void> {
    const referenced = await this.queries.referenced([sha256]);
    if (!referenced.has(sha256)) await this.store.delete(attachmentContentKey(sha256));
  }

  /** the staging object was there when probed and gone when copied: nothing to promote */
  private vanished(stagingKey: string, request: ServiceRequest): Error {
    this.logger.error(`upload ${request.correlationId}: staging object ${stagingKey} vanished before its promotion`);
    return CommonErrors.internal(request.correlationId);
  }

  /** The staging object of a refused or anonymous upload. */
  async dropStaging(stagingKey: string | null): Promise<void> {
    if (stagingKey !== null) await this.store.delete(stagingKey).catch(() => undefined);
  }
}
