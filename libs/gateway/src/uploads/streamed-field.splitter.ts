import { StringDecoder } from 'node:string_decoder';

/** Where the text of the streamed field goes, in order (UploadJsonTokens). */
export interface StreamedFieldSink {
  /** the field's string has started; its text follows through `text` */
  beginText(): void;
  text(piece: string): void;
  /** the string is closed */
  endText(): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** the control characters the base64 decoder would skip as whitespace: raw in a JSON string they are invalid */
const RAW_WHITESPACE = [0x09, 0x0a, 0x0c, 0x0d];

type Expect = 'key' | 'colon' | 'value' | 'other';

/**
 * Takes the text of the top-level streamed field (`"data": "<base64>"`) out of an upload's
 * JSON before stream-json sees it, which tokenises strings at about 15 MB/s in 256-character
 * pieces and was most of an upload's time (docs/benchmarks.md, "Attachments"). The parser
 * gets the body with that string emptied (`"data":""`), so it still checks the structure
 * and assembles every other parameter; the string's text goes to the sink, cut only where
 * the chunks are, found with `Buffer.indexOf` (a native scan) for its closing quote and
 * escapes. Escapes are decoded as JSON decodes them; what JSON forbids in a string (a raw
 * tab, line feed, form feed or carriage return, which base64 would skip; an invalid escape)
 * is handed to the parser, which refuses the body as before. Any other character reaches
 * the base64 decoder, which refuses it. Only a key spelled literally `"data"` is taken, and
 * only the first: after a key with an escape the splitter steps aside, and stream-json
 * reads the rest (UploadJsonTokens handles the field from its tokens then).
 */
export class StreamedFieldSplitter {
  private depth = 0;
  private topIsObject = false;
  private expect: Expect = 'other';
  /** inside a string other than the streamed one (`escaped`: after its backslash) */
  private inString = false;
  private escaped = false;
  /** the raw bytes of the top-level key being read, when it may still be the field's name */
  private key: number[] | undefined;
  private keyIsField = false;
  private state: 'scanning' | 'field' | 'aside' = 'scanning';
  private readonly utf8 = new StringDecoder('utf8');
  /** an escape of the field's text not complete at a chunk's end (`\`, `\u00`) */
  private escape = '';
  private readonly name: Buffer;
  private fieldSeen = false;
  /** where the next quote and backslash of the current chunk are, so text with many escapes is not rescanned */
  private found: { chunk: Buffer | undefined; at: Map<number, number> } = { chunk: undefined, at: new Map() };

  constructor(
    name: string,
    private readonly sink: StreamedFieldSink,
  ) {
    this.name = Buffer.from(name);
  }

  /** the pieces of `chunk` for the parser, in order; the field's text went to the sink */
  split(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    // `from`: the first byte not yet given to the parser nor to the sink
    let from = 0;
    let index = 0;
    while (index < chunk.length && this.state !== 'aside') {
      if (this.state === 'field') {
        ({ from, index } = this.fieldText(chunk, index, out));
      } else {
        index = this.structure(chunk, index);
        if (this.isInField()) {
          // the opening quote goes to the parser, the text does not
          out.push(chunk.subarray(from, index));
          from = index;
        }
      }
    }
    if (from < chunk.length && !this.isInField()) out.push(chunk.subarray(from));
    return out;
  }

  /** (a method, so the compiler does not narrow the state across the calls that change it) */
  private isInField(): boolean {
    return this.state === 'field';
  }

  /** reads structure from `index`; returns where it stopped (at the field's text, or the chunk's end) */
  private structure(chunk: Buffer, start: number): number {
    let index = start;
    while (index < chunk.length) {
      if (this.inString) {
        index = this.insideString(chunk, index);
        continue;
      }
      if (this.state !== 'scanning') return index;
      const byte = chunk[index] as number;
      index += 1;
      if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
      if (this.expect === 'value' && this.keyIsField && byte !== QUOTE) {
        // the field is not a string: stream-json's tokens say so (UploadJsonTokens refuses it)
        this.state = 'aside';
        return index;
      }
      if (byte === QUOTE) {
        this.inString = true;
        if (this.depth === 1 && this.topIsObject && this.expect === 'key') this.key = [];
        else if (this.depth === 1 && this.expect === 'value' && this.keyIsField) {
          this.state = 'field';
          this.sink.beginText();
          this.inString = false;
          return index;
        }
        this.expect = 'other';
        continue;
      }
      this.structural(byte);
    }
    return index;
  }

  private structural(byte: number): void {
    if (byte === 0x7b || byte === 0x5b) {
      if (this.depth === 0) this.topIsObject = byte === 0x7b;
      this.depth += 1;
      this.expect = this.depth === 1 ? 'key' : 'other';
    } else if (byte === 0x7d || byte === 0x5d) {
      this.depth -= 1;
      this.expect = 'other';
    } else if (this.depth === 1 && byte === 0x2c) {
      this.expect = 'key';
    } else if (this.depth === 1 && byte === 0x3a && this.expect === 'colon') {
      this.expect = 'value';
    } else {
      this.expect = 'other';
    }
    if (this.expect !== 'value') this.keyIsField = false;
  }

  /** within a string of the structure: to its closing quote, keeping a key's bytes */
  private insideString(chunk: Buffer, index: number): number {
    if (this.escaped) {
      this.escaped = false;
      return index + 1;
    }
    const quote = this.next(QUOTE, chunk, index);
    const backslash = this.next(BACKSLASH, chunk, index);
    const stop = quote < 0 ? chunk.length : backslash >= 0 && backslash < quote ? backslash : quote;
    // one byte more than the name is enough to tell a longer key from it: a long key is not kept
    const key = this.key;
    if (key) for (let at = index; at < stop && key.length <= this.name.length; at += 1) key.push(chunk[at] as number);
    if (stop === chunk.length) return stop;
    if (stop === backslash) {
      this.escaped = true;
      // an escaped key is compared by stream-json, not here: from now on the parser reads everything
      if (this.key) this.state = 'aside';
      return stop + 1;
    }
    this.inString = false;
    if (this.key) {
      const key = Buffer.from(this.key);
      this.key = undefined;
      this.expect = 'colon';
      // only the first key of that name: a second one is stream-json's to see (and refuse)
      this.keyIsField = key.equals(this.name);
      if (this.keyIsField && this.fieldSeen) this.state = 'aside';
      this.fieldSeen ||= this.keyIsField;
    }
    return stop + 1;
  }

  /** the field's text from `index`: to the sink; returns where the parser's next piece and the scan start */
  private fieldText(chunk: Buffer, index: number, out: Buffer[]): { from: number; index: number } {
    if (this.escape.length > 0) return this.escapeText(chunk, index, out);
    const quote = this.next(QUOTE, chunk, index);
    let stop = quote < 0 ? chunk.length : quote;
    const backslash = this.next(BACKSLASH, chunk, index);
    if (backslash >= 0 && backslash < stop) stop = backslash;
    const raw = firstOf(chunk.subarray(index, stop), RAW_WHITESPACE);
    if (raw >= 0) return this.handBack(chunk, index, index + raw, out);
    if (stop > index) this.sink.text(this.utf8.write(chunk.subarray(index, stop)));
    if (stop === chunk.length) return { from: stop, index: stop };
    if (stop === backslash) {
      this.escape = '\\';
      return { from: stop + 1, index: stop + 1 };
    }
    const rest = this.utf8.end();
    if (rest.length > 0) this.sink.text(rest);
    this.sink.endText();
    this.state = 'aside';
    // the closing quote and what follows go to the parser
    return { from: quote, index: chunk.length };
  }

  /** an escape of the field's text, possibly begun in an earlier chunk */
  private escapeText(chunk: Buffer, index: number, out: Buffer[]): { from: number; index: number } {
    let at = index;
    while (at < chunk.length && !escapeComplete(this.escape)) {
      this.escape += String.fromCharCode(chunk[at] as number);
      at += 1;
    }
    if (!escapeComplete(this.escape)) return { from: at, index: at };
    const sequence = this.escape;
    this.escape = '';
    const decoded = decodeEscape(sequence);
    if (decoded === undefined) {
      // not an escape JSON allows: the parser says so, as it did before this splitter
      out.push(Buffer.from(sequence, 'latin1'));
      this.state = 'aside';
      return { from: at, index: chunk.length };
    }
    this.sink.text(decoded);
    return { from: at, index: at };
  }

  /** a raw character JSON forbids in a string: the parser gets it and refuses the body */
  private handBack(chunk: Buffer, index: number, raw: number, out: Buffer[]): { from: number; index: number } {
    if (raw > index) this.sink.text(this.utf8.write(chunk.subarray(index, raw)));
    this.state = 'aside';
    out.push(chunk.subarray(raw));
    return { from: chunk.length, index: chunk.length };
  }

  /** the index of `byte` in `chunk` at or after `from` (-1: none), remembered for the chunk */
  private next(byte: number, chunk: Buffer, from: number): number {
    if (this.found.chunk !== chunk) this.found = { chunk, at: new Map() };
    const known = this.found.at.get(byte);
    if (known !== undefined && (known < 0 || known >= from)) return known;
    const at = chunk.indexOf(byte, from);
    this.found.at.set(byte, at);
    return at;
  }
}

function escapeComplete(sequence: string): boolean {
  if (sequence.length < 2) return false;
  return sequence[1] !== 'u' || sequence.length >= 6;
}

/** `\n`, `\/`, `\u0041`…, as JSON reads them; undefined for what JSON refuses */
function decodeEscape(sequence: string): string | undefined {
  try {
    return JSON.parse(`"${sequence}"`) as string;
  } catch {
    return undefined;
  }
}

/** the first index in `bytes` of any of `wanted`, or -1 */
function firstOf(bytes: Buffer, wanted: readonly number[]): number {
  let first = -1;
  for (const byte of wanted) {
    const at = bytes.indexOf(byte);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  return first;
}
