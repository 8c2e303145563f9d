import { simpleParser } from 'mailparser';
import type { MailMessage } from '@tracker/platform/mail-queue';
import { mimeMessage } from './mime-message';

const date = new Date('2026-11-28T02:00:00Z');
const text = [
  'Bug 42: Crash on save',
  '',
  'What    | Removed | Added',
  `summary | ${'a long old value '.repeat(6)}| ${'a long new value '.repeat(6)}`,
  '.a line that starts with a dot',
  'trailing spaces   ',
  'Ünïcödé, 日本語, = signs = and =_ too',
  '',
].join('\n');
const html = '<p>Bug 42: Crash &lt;on&gt; save</p>\n<pre>Ünïcödé = 日本語</pre>\n';
const message: MailMessage = {
  to: ['cat@example.com'],
  cc: ['dan@bücher.example'],
  from: 'tracker@example.com',
  subject: '[Bug 42] Crash on save — ein sehr langer Betreff über alles, was beim Speichern schiefgeht',
  text,
  html,
  headers: {
    'X-Tracker-Reason': 'AssignedTo CC',
    'X-Tracker-Type': 'changed',
    'Message-ID': '<bug-42-u3-c1@example.com>',
    'In-Reply-To': '<bug-42-u3@example.com>',
    References: '<bug-42-u3@example.com>',
  },
};

describe('mimeMessage: the bytes a mail is sent and stored as, read back by mailparser', () => {
  it('both parts as multipart/alternative, every character of each as it was rendered', async () => {
    const parsed = await simpleParser(mimeMessage(message, date));
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(parsed.text).toBe(text);
    expect(parsed.html).toBe(html);
    expect(parsed.subject).toBe(message.subject);
  });

  it('addresses, threading and Tracker headers, the date', async () => {
    const parsed = await simpleParser(mimeMessage(message, date));
    expect(parsed.from?.text).toBe('tracker@example.com');
    expect([parsed.to].flat().map((to) => to?.text)).toEqual(['cat@example.com']);
    expect([parsed.cc].flat().map((cc) => cc?.text)).toEqual(['dan@bücher.example']);
    // on the wire the domain is in IDNA, as nodemailer wrote it
    expect(mimeMessage(message, date).toString('utf8')).toContain('\r\nCc: dan@xn--bcher-kva.example\r\n');
    expect(parsed.messageId).toBe('<bug-42-u3-c1@example.com>');
    expect(parsed.inReplyTo).toBe('<bug-42-u3@example.com>');
    expect(parsed.references).toBe('<bug-42-u3@example.com>');
    expect(parsed.headers.get('x-tracker-reason')).toBe('AssignedTo CC');
    expect(parsed.headers.get('x-tracker-type')).toBe('changed');
    expect(parsed.date?.toISOString()).toBe('2026-11-28T02:00:00.000Z');
  });

  it('no line longer than 76 characters, every line ending in CRLF', () => {
    const raw = mimeMessage(message, date).toString('utf8');
    expect(raw.split('\r\n').filter((line) => line.length > 76)).toEqual([]);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(raw.endsWith('--\r\n')).toBe(true);
  });

  it('a text-only mail is one text/plain part holding exactly the text', async () => {
    const { html: _html, ...textOnly } = message;
    const parsed = await simpleParser(mimeMessage(textOnly, date));
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'text/plain', params: { charset: 'utf-8' } });
    expect(parsed.text).toBe(text);
    expect(parsed.html).toBe(false);
  });

  it('a line break in a header value cannot add a header: it becomes a space', async () => {
    const parsed = await simpleParser(mimeMessage({ ...message, subject: 'Hello\r\nBcc: eve@example.com', cc: [] }, date));
    expect(parsed.subject).toBe('Hello Bcc: eve@example.com');
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.cc).toBeUndefined();
  });
});
