import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { type AttachmentClaim, CommonErrors, DomainError, param } from '@tracker/contracts';
import type { BlobStore } from '@tracker/platform/blob-store';
import { parser as jsonParser } from 'stream-json';
import { type Params, bodyKind, parseQuery } from '../wire/request-params';
import { Base64DecodeStream } from './base64-decode.stream';
import type { JsonToken } from './json-value.assembler';
import { StreamedFieldSplitter } from './streamed-field.splitter';
import { StagingUpload } from './upload-claim';
import { UploadJsonTokens } from './upload-json.tokens';

export interface UploadLimits {
  /** TRACKER_MAX_BODY_BYTES: every parameter but the streamed one, together */
  readonly maxBodyBytes: number;
  /** TRACKER_MAX_ATTACHMENT_KB × 1024: decoded bytes of the streamed one */
  readonly maxAttachmentBytes: number;
}

/** The body's parameters without the streamed field, and that field's upload (undefined: absent or null). */
export interface UploadBody {
  readonly params: Params;
  readonly upload: AttachmentClaim | undefined;
}

/** The query string's text pieces go to the decoder this large, so no piece is a copy of the whole. */
const PIECE = 64 * 1024;

/**
 * Reads the body of an upload route (docs/attachments.md §6.2) without ever holding it
 * whole: JSON is tokenised as it arrives (stream-json), the other parameters assembled, and
 * the streamed field's base64 decoded, hashed and written to the blob store on the way
 * (a staging object, or the bytes' content key: StagingUpload);
 * a form body is read whole (it is small or over the cap) and its field decoded the same
 * way. Past the limit the bytes are only counted; past the drain cap (every other parameter
 * plus the base64 of the limit plus 64 KiB) reading stops with 600. A refusal leaves no
 * staging object behind.
 */
export class UploadBodyReader {
  private readonly drainCap: number;

  constructor(
    private readonly store: BlobStore,
    private readonly limits: UploadLimits,
    private readonly field = 'data',
  ) {
    this.drainCap = limits.maxBodyBytes + Math.ceil((limits.maxAttachmentBytes * 4) / 3) + 64 * 1024;
  }

  /** `queryValue`: the field as the query string gives it, which wins over the body's */
  async read(
    body: AsyncIterable<Buffer> | Iterable<Buffer> | undefined,
    contentType: string | undefined,
    queryValue: unknown,
  ): Promise<UploadBody> {
    const staging = new StagingUpload(this.store, this.limits.maxAttachmentBytes);
    try {
      const fromQuery = queryValue !== undefined;
      if (body === undefined) return { params: {}, upload: fromQuery ? await this.stageText(queryValue, staging) : undefined };
      if (bodyKind(contentType) === 'form') {
        const params = parseQuery(await this.readWhole(body, staging));
        const value = params[this.field];
        delete params[this.field];
        return { params, upload: await this.stageText(fromQuery ? queryValue : value, staging) };
      }
      const tokens = await this.readJson(body, staging, !fromQuery);
      if (fromQuery) return { params: tokens.params, upload: await this.stageText(queryValue, staging) };
      return { params: tokens.params, upload: tokens.field === 'string' ? await staging.finish() : undefined };
    } catch (error) {
      await staging.discard();
      throw error;
    }
  }

  private async readJson(body: AsyncIterable<Buffer> | Iterable<Buffer>, staging: StagingUpload, take: boolean): Promise<UploadJsonTokens> {
    const tokens = new UploadJsonTokens(this.field, take, staging, this.limits.maxBodyBytes);
    const parser = jsonParser({ packKeys: true, streamKeys: false, packNumbers: true, streamNumbers: false, packStrings: false });
    parser.on('data', (token: JsonToken) => {
      // a refusal that cannot wait (not an object, too deep, too large) ends the parse
      if (!parser.destroyed) {
        try {
          tokens.consume(token);
        } catch (error) {
          parser.destroy(error as Error);
        }
      }
    });
    const parsed = finished(parser);
    parsed.catch(() => undefined);
    // the streamed field's text bypasses stream-json (only when it is taken: else the parser skips it)
    const splitter = take ? new StreamedFieldSplitter(this.field, tokens) : undefined;
    let received = 0;
    let blank = true;
    for await (const chunk of body) {
      received += chunk.length;
      if (received > this.drainCap) throw tokens.failure ?? this.tooLargeAtCap(staging);
      blank &&= /^\s*$/.test(chunk.toString('latin1'));
      for (const piece of splitter ? splitter.split(chunk) : [chunk]) {
        if (piece.length > 0 && !this.write(parser, piece))
          await Promise.race([once(parser, 'drain'), parsed]).catch(rethrowAsParseFailure);
      }
      await tokens.pending;
    }
    parser.end();
    try {
      await parsed;
    } catch (error) {
      if (blank) return tokens;
      throw asParseFailure(error);
    }
    await tokens.pending;
    if (tokens.failure) throw tokens.failure;
    return tokens;
  }

  /** a refusal while writing (a bad escape, a raw control character in a string) is the client's, as at the end */
  private write(parser: ReturnType<typeof jsonParser>, piece: Buffer): boolean {
    try {
      return parser.write(piece);
    } catch (error) {
      return rethrowAsParseFailure(error);
    }
  }

  private async readWhole(body: AsyncIterable<Buffer> | Iterable<Buffer>, staging: StagingUpload): Promise<string> {
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of body) {
      received += chunk.length;
      if (received > this.drainCap) throw this.tooLargeAtCap(staging);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** the field given as text (query string, form): decoded in pieces into the staging upload */
  private async stageText(value: unknown, staging: StagingUpload): Promise<AttachmentClaim | undefined> {
    const text = param.isRepeatedInQuery(value) ? value[0] : value;
    if (text === undefined || text === null) return undefined;
    if (typeof text !== 'string')
      throw CommonErrors.userError(`The parameter '${this.field}' must be a string of base64; nothing was changed.`);
    const decoder = new Base64DecodeStream();
    for (let from = 0; from < text.length; from += PIECE) await staging.write(decoder.write(text.slice(from, from + PIECE)));
    await staging.write(decoder.end());
    return staging.finish();
  }

  /** 600 at once: nobody reads an unbounded body to find a later error */
  private tooLargeAtCap(staging: StagingUpload): DomainError {
    return new DomainError(
      'attachmentTooLarge',
      `The file you are trying to attach is more than ${Math.floor(staging.bytesCounted / 1024)} kilobytes (KB) in size. Attachments cannot be more than ${Math.floor(this.limits.maxAttachmentBytes / 1024)} KB.`,
    );
  }
}

function asParseFailure(error: unknown): DomainError {
  return isDomainError(error)
    ? error
    : CommonErrors.userError(`Could not parse the request body as valid JSON. Error: ${messageOf(error)}`);
}

function rethrowAsParseFailure(error: unknown): never {
  throw asParseFailure(error);
}

function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
