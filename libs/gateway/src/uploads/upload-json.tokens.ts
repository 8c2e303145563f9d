import { CommonErrors, type DomainError } from '@tracker/contracts';
import { MAX_JSON_DEPTH, type Params } from '../wire/request-params';
import { Base64DecodeStream } from './base64-decode.stream';
import { JsonValueAssembler, type JsonToken } from './json-value.assembler';
import type { StreamedFieldSink } from './streamed-field.splitter';
import type { StagingUpload } from './upload-claim';

/** What the body said of the streamed field. */
export type StreamedField = 'absent' | 'null' | 'string';

/**
 * The tokens of an upload's JSON body, one at a time: the top-level object's values are
 * assembled, except the streamed field (`data`), whose string is decoded piece by piece into
 * the staging upload. A refusal found in the middle (bad base64, `data` not a string or
 * given twice) is kept, not thrown, so the rest of the body is still read and the client
 * gets the answer; the first one is `failure`. When the query string has the field, the
 * body's is read and dropped (`take` false).
 */
export class UploadJsonTokens implements StreamedFieldSink {
  readonly params: Params = {};
  field: StreamedField = 'absent';
  failure: Error | undefined;
  /** the staging writes in order; awaited by the reader for backpressure and store failures */
  pending: Promise<void> = Promise.resolve();
  private level = 0;
  private key: string | undefined;
  private mode: 'value' | 'data' | 'skip-string' | 'skip-value' | 'next' = 'next';
  private decoder: Base64DecodeStream | undefined;
  /** the field's string was taken out by the splitter: the parser's empty string in its place is that one */
  private textAside = false;
  /** base64 text gathered from the parser's 256-character chunks, decoded in pieces of TEXT_PIECE */
  private gathered = '';
  private readonly assembler: JsonValueAssembler;

  constructor(
    private readonly name: string,
    private readonly take: boolean,
    private readonly staging: StagingUpload,
    maxBodyBytes: number,
  ) {
    this.assembler = new JsonValueAssembler(maxBodyBytes, MAX_JSON_DEPTH - 1);
  }

  consume(token: JsonToken): void {
    if (this.level === 0) {
      if (token.name !== 'startObject') throw CommonErrors.userError('The request body must be a JSON object of parameters.');
      this.level = 1;
      return;
    }
    switch (this.mode) {
      case 'next':
        return this.next(token);
      case 'data':
        return this.data(token);
      case 'skip-string':
        if (token.name === 'endString') this.mode = 'next';
        return;
      case 'value':
      case 'skip-value':
        return this.value(token);
    }
  }

  /** a key of the top-level object, the start of its value, or the object's end */
  private next(token: JsonToken): void {
    if (token.name === 'endObject') {
      this.level = 2;
      return;
    }
    if (token.name === 'keyValue') {
      this.key = String(token.value);
      return;
    }
    if (this.key !== this.name) {
      this.mode = 'value';
      return this.value(token);
    }
    if (!this.take) {
      this.mode = token.name === 'startString' ? 'skip-string' : 'skip-value';
      return this.mode === 'skip-value' ? this.value(token) : undefined;
    }
    if (this.field !== 'absent') this.fail(CommonErrors.userError(`The parameter '${this.name}' is given twice; nothing was changed.`));
    if (token.name === 'nullValue' && this.field === 'absent') {
      this.field = 'null';
    } else if (token.name === 'startString' && this.field === 'absent' && this.textAside) {
      this.field = 'string';
      this.mode = 'skip-string';
    } else if (token.name === 'startString' && this.field === 'absent') {
      this.field = 'string';
      this.decoder = new Base64DecodeStream();
      this.mode = 'data';
    } else {
      if (this.field === 'absent') this.fail(notAString(this.name));
      this.mode = token.name === 'startString' ? 'skip-string' : 'skip-value';
      if (this.mode === 'skip-value') this.value(token);
    }
  }

  private value(token: JsonToken): void {
    const finished = this.assembler.consume(token);
    if (!finished) return;
    if (this.mode === 'value' && this.key !== undefined) {
      Object.defineProperty(this.params, this.key, { value: finished.value, enumerable: true, writable: true, configurable: true });
    }
    this.mode = 'next';
  }

  private data(token: JsonToken): void {
    if (token.name === 'stringChunk') {
      this.gathered += String(token.value);
      if (this.gathered.length >= TEXT_PIECE) this.decodeText();
      return;
    }
    if (token.name === 'endString') {
      this.mode = 'next';
      this.decodeText();
      this.decode(() => this.decoder?.end());
    }
  }

  beginText(): void {
    this.textAside = true;
    this.decoder = new Base64DecodeStream();
  }

  text(piece: string): void {
    this.gathered += piece;
    if (this.gathered.length >= TEXT_PIECE) this.decodeText();
  }

  endText(): void {
    this.decodeText();
    this.decode(() => this.decoder?.end());
  }

  private decodeText(): void {
    const text = this.gathered;
    this.gathered = '';
    if (text.length > 0) this.decode(() => this.decoder?.write(text));
  }

  private decode(step: () => Buffer | undefined): void {
    if (this.failure) return;
    try {
      const bytes = step();
      if (bytes && bytes.length > 0) {
        this.pending = this.pending.then(() => this.staging.write(bytes));
        // the reader awaits it between reads; until then a store failure must not count as unhandled
        this.pending.catch(() => undefined);
      }
    } catch (error) {
      this.fail(error);
      if (this.mode === 'data') this.mode = 'skip-string';
    }
  }

  private fail(error: unknown): void {
    this.failure ??= error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * The parser hands a string over in chunks of 256 characters; decoding and writing each
 * alone would cost a Buffer and a store write per 192 bytes, so they are gathered first.
 */
const TEXT_PIECE = 64 * 1024;

function notAString(name: string): DomainError {
  return CommonErrors.userError(`The parameter '${name}' must be a string of base64; nothing was changed.`);
}
