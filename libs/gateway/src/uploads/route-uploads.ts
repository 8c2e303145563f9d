import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { ATTACHMENT_STAGING_PREFIX, type AttachmentClaim } from '@tracker/contracts';
import { BLOB_STORE, type BlobStore } from '@tracker/platform/blob-store';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway.options';
import type { RouteUpload } from '../routing/route';
import type { Params } from '../wire/request-params';
import { type UploadBody, UploadBodyReader } from './upload-body.reader';

/**
 * The upload step of the pipeline (docs/attachments.md §6.2): reads an upload route's body
 * with its streamed field (the query string's value of that field wins and leaves the query),
 * and removes the staging object when the call fails before the service took the claim over
 * (the service deletes it on its own refusals; a second delete is harmless).
 */
@Injectable()
export class RouteUploads {
  private readonly logger = new Logger('Gateway');

  constructor(
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    @Optional() @Inject(BLOB_STORE) private readonly store: BlobStore | null,
  ) {}

  async read(
    upload: RouteUpload,
    body: AsyncIterable<Buffer> | string | undefined,
    contentType: string | undefined,
    query: Params,
  ): Promise<UploadBody> {
    if (!this.store) throw new Error('an upload route needs a blob store: import BlobStoreModule in the app');
    const fromQuery = query[upload.field];
    delete query[upload.field];
    const reader = new UploadBodyReader(
      this.store,
      { maxBodyBytes: this.options.maxBodyBytes, maxAttachmentBytes: this.options.maxAttachmentBytes },
      upload.field,
    );
    return reader.read(typeof body === 'string' ? oneChunk(body) : body, contentType, fromQuery);
  }

  /** a staging object goes; bytes written straight to their content key stay for the sweeper (docs/attachments.md §6.4) */
  async discard(claim: AttachmentClaim | undefined, correlationId: string): Promise<void> {
    if (!claim?.stagingKey || !claim.stagingKey.startsWith(ATTACHMENT_STAGING_PREFIX) || !this.store) return;
    try {
      await this.store.delete(claim.stagingKey);
    } catch (error) {
      // the sweeper removes it after its grace period
      this.logger.warn(`[${correlationId}] staging object ${claim.stagingKey} not deleted: ${String(error)}`);
    }
  }
}

function oneChunk(text: string): Iterable<Buffer> {
  return text.length > 0 ? [Buffer.from(text)] : [];
}
