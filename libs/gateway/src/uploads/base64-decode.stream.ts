import { CommonErrors, type DomainError } from '@tracker/contracts';

/**
 * Decodes base64 text that arrives in pieces of any size (the chunks of a JSON string),
 * strictly: ASCII whitespace is skipped (76-column MIME lines), padding is optional, and
 * anything else refuses the whole upload with 32000 naming the character and its position
 * (1-based, counted in the text as sent). Bugzilla drops bad characters silently; Tracker
 * refuses, because a corrupt upload must not be stored (docs/attachments.md §9). Memory: the
 * 0–3 characters of an unfinished group carried to the next piece.
 */
const ALPHABET = /^[A-Za-z0-9+/]*$/;
const NOT_ALPHABET = /[^A-Za-z0-9+/]/g;
/** how much of a piece that failed the fast path is checked alone when the rest passes it */
const TAIL = 16;
const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\f']);

export class Base64DecodeStream {
  /** characters of an unfinished group (fewer than 4) */
  private carry = '';
  /** characters read so far, whitespace included */
  private position = 0;
  /** `=` characters seen; after one only more `=` and whitespace may follow */
  private padding = 0;
  /** data characters in the group the padding closes */
  private paddedGroup = 0;
  private paddingAt = 0;

  /** the bytes the text completes; throws 32000 for a character that cannot be there */
  write(text: string): Buffer {
    const start = this.position;
    this.position += text.length;
    if (this.padding > 0) {
      this.checkAfterPadding(text, start);
      return Buffer.alloc(0);
    }
    const fast = this.fastPath(text);
    if (fast) return fast;
    // the last piece ends with the padding: its bulk can still take the fast path, only the end is checked
    if (text.length > TAIL) {
      const head = this.fastPath(text.slice(0, -TAIL));
      if (head) return Buffer.concat([head, this.checked(text.slice(-TAIL), start + text.length - TAIL)]);
    }
    return this.checked(text, start);
  }

  /** `text` (read from `start`) checked character by character where it is not plain alphabet */
  private checked(text: string, start: number): Buffer {
    const clean = ALPHABET.test(text) ? text : this.clean(text, start);
    const usable = this.carry + clean;
    const whole = usable.length - (usable.length % 4);
    this.carry = usable.slice(whole);
    return whole === 0 ? Buffer.alloc(0) : Buffer.from(usable.slice(0, whole), 'base64');
  }

  /**
   * The common case without a regular expression over the text (which costs more than the
   * decoding): Node's decoder skips what is not base64 and reads `-_` as `+/`, so a text of
   * whole groups that decodes to exactly ¾ of its length and holds neither `-` nor `_` was
   * all alphabet. Anything else takes the checking path, which names the culprit.
   */
  private fastPath(text: string): Buffer | undefined {
    const usable = this.carry + text;
    const whole = usable.length - (usable.length % 4);
    const rest = usable.slice(whole);
    if (whole === 0 || !ALPHABET.test(rest)) return undefined;
    const head = usable.slice(0, whole);
    if (head.includes('-') || head.includes('_')) return undefined;
    const bytes = Buffer.from(head, 'base64');
    if (bytes.length !== (whole / 4) * 3) return undefined;
    this.carry = rest;
    return bytes;
  }

  /** the last bytes; throws 32000 when the text ends inside a group that cannot be whole */
  end(): Buffer {
    const group = this.padding > 0 ? this.paddedGroup : this.carry.length;
    if (group === 1) {
      throw malformed('a single character in the last group of four', this.padding > 0 ? this.paddingAt : this.position);
    }
    if (this.padding > 0 && group === 0) throw malformed("padding '=' after a complete group of four", this.paddingAt);
    if (this.padding > 0 && this.padding !== 4 - group) {
      throw malformed(`${this.padding} padding characters '=' after a group of ${group}`, this.paddingAt);
    }
    const rest = this.carry;
    this.carry = '';
    return rest.length === 0 ? Buffer.alloc(0) : Buffer.from(rest, 'base64');
  }

  /** the alphabet characters of `text`, after checking every other one (the rare path) */
  private clean(text: string, start: number): string {
    let kept = '';
    let from = 0;
    for (const match of text.matchAll(NOT_ALPHABET)) {
      const index = match.index;
      kept += text.slice(from, index);
      from = index + 1;
      const character = match[0];
      if (WHITESPACE.has(character)) continue;
      if (character !== '=') throw malformed(`the character ${describe(character)}`, start + index + 1);
      // padding: the group it closes is what is carried plus what this piece added before it
      this.padding = 1;
      this.paddingAt = start + index + 1;
      this.paddedGroup = (this.carry.length + kept.length) % 4;
      this.checkAfterPadding(text.slice(index + 1), start + index + 1);
      break;
    }
    return this.padding > 0 ? kept : kept + text.slice(from);
  }

  /** after the first `=`, only `=` and whitespace */
  private checkAfterPadding(text: string, start: number): void {
    for (let index = 0; index < text.length; index += 1) {
      const character = text.charAt(index);
      if (character === '=') this.padding += 1;
      else if (!WHITESPACE.has(character)) {
        throw malformed(`the character ${describe(character)} after the padding '='`, start + index + 1);
      }
    }
  }
}

function describe(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `'${character}'`;
}

export function malformed(what: string, position: number): DomainError {
  return CommonErrors.userError(`The data of the attachment is not valid base64: ${what} at character ${position}. Nothing was changed.`);
}
