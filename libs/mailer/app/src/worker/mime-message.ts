import { randomUUID } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { encodeWords, foldLines, isPlainText } from 'nodemailer/lib/mime-funcs';
import { encode as quotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp';
import type { MailMessage } from '@tracker/platform/mail-queue';

/** RFC 5322's recommended limit; longer header lines are folded, body lines soft-broken */
const LINE = 76;
const CRLF = '\r\n';

/**
 * The message as RFC 5322 bytes (CRLF lines): the headers, then the text part, or the text and
 * HTML parts as multipart/alternative, both UTF-8 in quoted-printable. Built in one pass with
 * nodemailer's own encoders (RFC 2047 words, quoted-printable) rather than its MIME tree and
 * stream pipeline, which cost the mailer more CPU per mail than deciding it (docs/mail.md §5).
 * The threading headers are the caller's, so the same job always makes the same message but
 * for its Date and its boundary; a boundary starting `=_` cannot occur in quoted-printable.
 */
export function mimeMessage(message: MailMessage, date: Date): Buffer {
  const lines = [
    header('From', address(message.from)),
    header('To', message.to.map(address).join(', ')),
    ...(message.cc && message.cc.length > 0 ? [header('Cc', message.cc.map(address).join(', '))] : []),
    header('Subject', message.subject),
    ...Object.entries(message.headers ?? {}).map(([name, value]) => header(name, value)),
    header('Date', date.toUTCString().replace(/GMT$/, '+0000')),
    'MIME-Version: 1.0',
  ];
  if (message.html === undefined) {
    // the body is the rest, as it is: a line break added here would be part of the text
    return Buffer.from([...lines, ...partHeaders('text/plain'), '', body(message.text)].join(CRLF), 'utf8');
  }
  const boundary = `=_tracker_${randomUUID()}`;
  lines.push(`Content-Type: multipart/alternative;${CRLF} boundary="${boundary}"`, '');
  for (const [type, content] of [
    ['text/plain', message.text],
    ['text/html', message.html],
  ] as const) {
    lines.push(`--${boundary}`, ...partHeaders(type), '', body(content));
  }
  lines.push(`--${boundary}--`);
  return Buffer.from(`${lines.join(CRLF)}${CRLF}`, 'utf8');
}

function partHeaders(type: string): string[] {
  return [`Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: quoted-printable'];
}

/** A header line, folded; a value with anything but printable ASCII as RFC 2047 words; line breaks in it become spaces. */
function header(name: string, value: string): string {
  const flat = value.replace(/\r?\n|\r/g, ' ');
  return foldLines(`${name}: ${isPlainText(flat) ? flat : encodeWords(flat, 'Q', 52)}`, LINE);
}

/** An address with its domain in ASCII (IDNA), as nodemailer writes it. */
function address(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 0) return value;
  const domain = value.slice(at + 1);
  return `${value.slice(0, at)}@${domainToASCII(domain) || domain}`;
}

function body(text: string): string {
  return wrapQuotedPrintable(quotedPrintable(text.replace(/\r?\n|\r/g, CRLF)), LINE);
}
