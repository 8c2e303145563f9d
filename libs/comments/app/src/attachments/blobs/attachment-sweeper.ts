import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ATTACHMENT_CONTENT_PREFIX,
  ATTACHMENT_STAGING_PREFIX,
  attachmentContentKey,
  type SweepAttachmentsResult,
} from '@tracker/contracts';
import { BLOB_STORE, type BlobStore } from '@tracker/platform/blob-store';
import { KeyedLocks, READ_MODEL, type ReadModel } from '@tracker/platform/read-model';
import type { CommentsLock } from '../../comments.locks';
import { AttachmentQueries } from '../../read-model/attachment.queries';

const PAGE = 1000;

export interface SweepGraces {
  readonly graceSeconds: number;
  readonly stagingGraceSeconds: number;
}

/**
 * Deletes bytes no event names (docs/attachments.md §6.4): abandoned staging objects older
 * than their grace, and content objects that no attachment row names, older than their grace
 * and than the staging grace (the gateway writes new bytes straight to their content key, so
 * a young unnamed content object may be an upload's bytes not yet named, as a staging object
 * is), each re-checked under its blob lock (a promotion holds the same lock, so an upload
 * racing the sweep keeps its bytes). Never on a lagging read model: it catches up first,
 * under the sweep lock that a rebuild also takes.
 */
@Injectable()
export class AttachmentSweeper {
  private readonly logger = new Logger(AttachmentSweeper.name);

  constructor(
    @Inject(BLOB_STORE) private readonly store: BlobStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly locks: KeyedLocks<CommentsLock>,
    private readonly queries: AttachmentQueries,
  ) {}

  sweep(graces: SweepGraces, now: () => number = Date.now): Promise<SweepAttachmentsResult> {
    return this.locks.withLock('attachment-sweep', ['all'], async () => {
      await this.readModel.catchUp();
      const staging = await this.sweepStaging(now() - graces.stagingGraceSeconds * 1000);
      const content = await this.sweepContent(Math.max(graces.graceSeconds, graces.stagingGraceSeconds) * 1000, now);
      if (staging + content > 0) this.logger.log(`swept ${content} unreferenced content objects and ${staging} staging objects`);
      return { deleted: { content, staging } };
    });
  }

  private async sweepStaging(before: number): Promise<number> {
    let deleted = 0;
    for await (const object of this.store.list(ATTACHMENT_STAGING_PREFIX)) {
      if (object.lastModified.getTime() >= before) continue;
      await this.store.delete(object.key);
      deleted += 1;
    }
    return deleted;
  }

  private async sweepContent(graceMs: number, now: () => number): Promise<number> {
    let deleted = 0;
    let page: string[] = [];
    const flush = async (): Promise<void> => {
      const referenced = await this.queries.referenced(page);
      for (const sha256 of page.filter((hash) => !referenced.has(hash))) if (await this.deleteIfUnused(sha256, graceMs, now)) deleted += 1;
      page = [];
    };
    for await (const object of this.store.list(ATTACHMENT_CONTENT_PREFIX)) {
      const sha256 = object.key.slice(ATTACHMENT_CONTENT_PREFIX.length);
      if (!/^[0-9a-f]{64}$/.test(sha256) || object.lastModified.getTime() >= now() - graceMs) continue;
      page.push(sha256);
      if (page.length >= PAGE) await flush();
    }
    if (page.length > 0) await flush();
    return deleted;
  }

  /** Under the blob lock: still unreferenced and still older than the grace (a promotion may just have touched it). */
  private deleteIfUnused(sha256: string, graceMs: number, now: () => number): Promise<boolean> {
    return this.locks.withLock('attachment-blob', [sha256], async () => {
      if ((await this.queries.referenced([sha256])).has(sha256)) return false;
      const stat = await this.store.stat(attachmentContentKey(sha256));
      if (!stat || stat.lastModified.getTime() >= now() - graceMs) return false;
      await this.store.delete(attachmentContentKey(sha256));
      return true;
    });
  }
}
