/**
 * Text::ParseWords' parse_line with "keep" as Quicksearch uses it: split at a delimiter
 * outside double quotes and word-boundary single quotes (apostrophes inside words stay
 * letters), keeping the quotes in the pieces. Empty pieces are dropped.
 */
export function splitOutsideQuotes(text: string, delimiter: RegExp | string): string[] {
  const pieces: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quote !== null) {
      current += char;
      if (char === '\\' && i + 1 < text.length) current += text[++i] as string;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || (char === "'" && opensQuote(text, i))) {
      quote = char;
      current += char;
      continue;
    }
    const length = delimiterAt(text, i, delimiter);
    if (length > 0) {
      if (current !== '') pieces.push(current);
      current = '';
      i += length - 1;
      continue;
    }
    current += char;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/** A single quote starts a quoted string only at the start of a word (or after `:`). */
function opensQuote(text: string, i: number): boolean {
  const before = i === 0 ? ' ' : (text[i - 1] as string);
  return /[\s:|,]/.test(before) && text.indexOf("'", i + 1) > i;
}

function delimiterAt(text: string, i: number, delimiter: RegExp | string): number {
  if (typeof delimiter === 'string') return text.startsWith(delimiter, i) ? delimiter.length : 0;
  return delimiter.test(text[i] as string) ? 1 : 0;
}

/** `"a b"` or `'a b'` -> `a b`, with `\"` unescaped. */
export function unquote(value: string): string {
  const match = /^(["'])(.*)\1$/s.exec(value);
  return match ? (match[2] as string).replace(/\\(["'])/g, '$1') : value;
}
