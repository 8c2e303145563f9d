import { CommonErrors, DomainError } from '@tracker/contracts';
import { MAX_JSON_DEPTH } from '../wire/request-params';

/** A token of stream-json's parser (packed keys and numbers, streamed strings). */
export interface JsonToken {
  readonly name: string;
  readonly value?: string | boolean | null;
}

type Container = Record<string, unknown> | unknown[];

/**
 * Builds the JSON values of an upload body other than the streamed one from the parser's
 * tokens: the same values `JSON.parse` gives (a repeated key: the last one), keys set as own
 * properties (a `__proto__` key stays a plain key for the params guard to refuse), nesting
 * held to the gateway's bound and the assembled size to `maxBytes` (code 58 beyond).
 */
export class JsonValueAssembler {
  private readonly stack: Array<{ container: Container; key: string | undefined }> = [];
  private text: string | undefined;
  private key: string | undefined;
  private size = 0;

  constructor(
    private readonly maxBytes: number,
    /** levels below the one the assembled values sit in */
    private readonly maxDepth: number = MAX_JSON_DEPTH,
  ) {}

  /** feeds a token; the finished top-level value, once there is one */
  consume(token: JsonToken): { value: unknown } | undefined {
    this.count(token);
    switch (token.name) {
      case 'startObject':
        return this.open({});
      case 'startArray':
        return this.open([]);
      case 'endObject':
      case 'endArray':
        return this.close();
      case 'keyValue':
        this.key = String(token.value);
        return undefined;
      case 'startString':
        this.text = '';
        return undefined;
      case 'stringChunk':
        this.text += String(token.value);
        return undefined;
      case 'endString':
        return this.add(this.text);
      case 'numberValue':
        return this.add(Number(token.value));
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        return this.add(token.value);
      default:
        return undefined;
    }
  }

  private count(token: JsonToken): void {
    this.size += typeof token.value === 'string' ? token.value.length + 1 : 1;
    if (this.size > this.maxBytes) {
      throw new DomainError(
        'requestTooLarge',
        `The request's parameters are larger than the limit of ${this.maxBytes} bytes; nothing was changed.`,
      );
    }
  }

  private open(container: Container): { value: unknown } | undefined {
    this.stack.push({ container, key: this.key });
    if (this.stack.length > this.maxDepth) {
      throw CommonErrors.userError(
        `Could not parse the request body as valid JSON. Error: it is nested more than ${MAX_JSON_DEPTH} levels deep.`,
      );
    }
    return undefined;
  }

  private close(): { value: unknown } | undefined {
    const done = this.stack.pop();
    this.key = done?.key;
    return this.add(done?.container);
  }

  private add(value: unknown): { value: unknown } | undefined {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) return { value };
    if (Array.isArray(parent.container)) parent.container.push(value);
    else Object.defineProperty(parent.container, this.key ?? '', { value, enumerable: true, writable: true, configurable: true });
    return undefined;
  }
}
