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

/**
 * What the store holds of a claim before promotion, asked while the request is still being
 * checked; and, for new bytes, their copy to the content key, started then too (`copied`:
 * whether it wrote). A copy outside the lock writes only bytes named by their own hash; it
 * counts under the lock only once the object is seen there (a sweep may have taken it), and a
 * refusal discards it as it would a copy made under the lock.
 */
export interface BlobProbe {
  readonly staged: BlobStat | null;
  readonly contentExists: boolean;
  readonly copied?: Promise<boolean>;
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
   * Both objects' state, asked together, then the copy of new bytes to their content key, so
   * that it runs while the request is checked (`BlobProbe`). Outside the lock the content's
   * presence is only a hint, and a safe one: a copy where the object appeared meanwhile writes
   * the same bytes (it is named by them), and a touch that finds it gone falls back to the copy.
   */
  probe(claim: AttachmentClaim & { stagingKey: string }): Promise<BlobProbe> {
    const content = attachmentContentKey(claim.sha256);
    return Promise.all([this.store.stat(claim.stagingKey), this.store.exists(content)]).then(([staged, contentExists]) => {
      if (contentExists || staged?.size !== claim.size) return { staged, contentExists };
      const copied = this.store.copy(claim.stagingKey, content);
      // observed here: a failed early copy is made again under the lock, whose failure is the one reported
      copied.catch(() => undefined);
      return { staged, contentExists, copied };
    });
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
    return this.locks.withLock('attachment-blob', [claim.sha256], async () => {
      const { staged, contentExists, copied } = await probed;
      if (!staged || staged.size !== claim.size) {
        this.logger.error(
          `upload ${request.correlationId}: staging object ${claim.stagingKey} is ${staged ? `${staged.size} bytes` : 'absent'}, the claim says ${claim.size}`,
        );
        throw CommonErrors.internal(request.correlationId);
      }
      const created = await this.placeContent(claim, contentExists, copied, request);
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

  /**
   * Under the blob lock: the content object in place, and whether this upload wrote it. An
   * early copy counts when the object is still there (a sweep may have taken it meanwhile: it
   * deletes only under this lock); else present bytes are touched, absent ones copied.
   */
  private async placeContent(
    claim: AttachmentClaim & { stagingKey: string },
    contentExists: boolean,
    copied: Promise<boolean> | undefined,
    request: ServiceRequest,
  ): Promise<boolean> {
    const content = attachmentContentKey(claim.sha256);
    if (copied && (await copied.catch(() => false)) && (await this.store.exists(content))) return true;
    if (contentExists && (await this.store.touch(content))) return false;
    if (await this.store.copy(claim.stagingKey, content)) return true;
    throw this.vanished(claim.stagingKey, request);
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

  /**
   * A refused or anonymous upload: its staging object goes, and so does the content object its
   * early copy wrote, under the blob lock, unless an attachment names it by then. Failures are
   * logged, not thrown (the refusal is the answer; the sweeper removes what is left).
   */
  async abandon(stagingKey: string | null, sha256: string | undefined, probed: Promise<BlobProbe> | undefined): Promise<void> {
    if (stagingKey !== null) await this.store.delete(stagingKey).catch(() => undefined);
    const copied = await probed?.then((probe) => probe.copied ?? false).catch(() => false);
    if (!copied || sha256 === undefined) return;
    try {
      await this.locks.withLock('attachment-blob', [sha256], () => this.discard(sha256));
    } catch (error) {
      this.logger.warn(`content object ${attachmentContentKey(sha256)} of a refused upload not discarded: ${String(error)}`);
    }
  }
}
