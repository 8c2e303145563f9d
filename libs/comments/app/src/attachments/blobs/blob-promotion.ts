import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AttachmentClaim, attachmentContentKey, CommonErrors, isDomainError, type ServiceRequest } from '@tracker/contracts';
import { BLOB_STORE, type BlobStore } from '@tracker/platform/blob-store';
import { KeyedLocks } from '@tracker/platform/read-model';
import type { CommentsLock } from '../../comments.locks';
import { AttachmentQueries } from '../../read-model/attachment.queries';

/** What promotion did: whether this upload wrote the content object. */
export interface Promoted {
  readonly sha256: string;
  readonly size: number;
  readonly created: boolean;
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
   * Promotes the claim's staging object (a missing or short one is 100500, logged) and runs
   * `work` (the append, and the wait for this read model) still under the blob lock, so that
   * no sweep judges the hash between the bytes and the event naming them. When `work` is
   * refused, a content object this upload created and nothing names is deleted again.
   */
  async withPromoted<T>(
    claim: AttachmentClaim & { stagingKey: string },
    request: ServiceRequest,
    work: (promoted: Promoted) => Promise<T>,
  ): Promise<T> {
    const content = attachmentContentKey(claim.sha256);
    return this.locks.withLock('attachment-blob', [claim.sha256], async () => {
      const staged = await this.store.stat(claim.stagingKey);
      if (!staged || staged.size !== claim.size) {
        this.logger.error(
          `upload ${request.correlationId}: staging object ${claim.stagingKey} is ${staged ? `${staged.size} bytes` : 'absent'}, the claim says ${claim.size}`,
        );
        throw CommonErrors.internal(request.correlationId);
      }
      const created = !(await this.store.touch(content)) && (await this.store.copy(claim.stagingKey, content));
      await this.store.delete(claim.stagingKey);
      try {
        return await work({ sha256: claim.sha256, size: claim.size, created });
      } catch (error) {
        // a refusal wrote nothing; a timeout or an internal error may have appended: the sweeper decides later
        if (created && isDomainError(error) && error.code < 100_000) await this.discard(claim.sha256);
        throw error;
      }
    });
  }

  private async discard(sha256: string): Promise<void> {
    const referenced = await this.queries.referenced([sha256]);
    if (!referenced.has(sha256)) await this.store.delete(attachmentContentKey(sha256));
  }

  /** The staging object of a refused or anonymous upload. */
  async dropStaging(stagingKey: string | null): Promise<void> {
    if (stagingKey !== null) await this.store.delete(stagingKey).catch(() => undefined);
  }
}
