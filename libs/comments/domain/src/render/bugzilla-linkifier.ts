import { escapeHtml } from './html-escape';
import { type LinkContext, MAX_LINKED_ID } from './link-context';

/**
 * Bugzilla 5.2's quoteUrls (Bugzilla/Template.pm): plain comment text to HTML, with URLs
 * of safe protocols, e-mail addresses, attachment, bug and comment references linked.
 * Same passes in the same order; the text is escaped once, and every generated tag is
 * held out of the text as a placeholder (U+FDD2 n U+FDD3, noncharacters stripped from
 * the input) until the end, so no later pass can ever match inside generated HTML.
 * Bugzilla itself inserts e-mail and bug links inline, where a later pass could rewrite
 * them; holding them changes nothing else.
 */
const SAFE_PROTOCOLS = [
  'afs',
  'cid',
  'ftp',
  'gopher',
  'http',
  'https',
  'irc',
  'ircs',
  'mid',
  'news',
  'nntp',
  'prospero',
  'telnet',
  'view-source',
  'wais',
];

/** Perl's \w on text strings, and \h (horizontal white space: a reference never spans lines). */
const W = '[\\p{L}\\p{M}\\p{Nd}\\p{Pc}]';
const NOT_AFTER_WORD = `(?<!${W})`;
const H = '[^\\S\\n\\r\\v\\f\\u2028\\u2029]';

const URL = new RegExp(`${NOT_AFTER_WORD}(?:${SAFE_PROTOCOLS.join('|')}):[^:\\s<>"][^\\s<>"]+[\\p{L}\\p{M}\\p{Nd}\\p{Pc}/]`, 'giu');
const QUOTED_LINE = /^(&gt;.+)$/gm;
const JOINED_QUOTES = /<\/span >\n<span class="quote">/g;
const EMAIL = new RegExp(
  `${NOT_AFTER_WORD}(mailto:)?([\\p{L}\\p{M}\\p{Nd}\\p{Pc}.\\-+=]+&#64;[\\p{L}\\p{M}\\p{Nd}\\p{Pc}-]+(?:\\.[\\p{L}\\p{M}\\p{Nd}\\p{Pc}-]+)+)(?!${W})`,
  'giu',
);
const ATTACHMENT = new RegExp(`${NOT_AFTER_WORD}(attachment${H}*#?${H}*([0-9]+)(?:${H}+\\[details\\])?)`, 'giu');
const BUG_OR_COMMENT = new RegExp(
  `${NOT_AFTER_WORD}(bug${H}*#?${H}*([0-9]+)(?:${H}*,?${H}*comment${H}*#?${H}*([0-9]+))?|comment${H}*#?${H}*([0-9]+))`,
  'giu',
);
const BUG_LIST = new RegExp(`${NOT_AFTER_WORD}bugs${H}*#?${H}*[0-9]+(?:${H}*,${H}*#?${H}*[0-9]+)+`, 'giu');
const COMMENT_LIST = new RegExp(`${NOT_AFTER_WORD}comments${H}*#?${H}*[0-9]+(?:${H}*,${H}*#?${H}*[0-9]+)+`, 'giu');
const LIST_ITEM = new RegExp(`((?:#${H}*)?([0-9]+))`, 'gu');
const OLD_DUPLICATE_MARKER = /(?<=^\*\*\* This bug has been marked as a duplicate of )([0-9]+)(?= \*\*\*\n?(?![\s\S]))/gm;
const PLACEHOLDER = /\uFDD2(\d+)\uFDD3/g;
const PLACEHOLDER_CHARACTERS = /[\uFDD2\uFDD3]/g;

export interface LinkifyOptions {
  /** wrap lines starting with `>` in `<span class="quote">` (off inside Markdown, as BMO does) */
  readonly colorQuotes: boolean;
}

export function linkifyText(text: string, context: LinkContext, options: LinkifyOptions): string {
  if (text === '') return '';
  const held: string[] = [];
  const hold = (html: string): string => `\uFDD2${held.push(html) - 1}\uFDD3`;

  let html = text.replace(PLACEHOLDER_CHARACTERS, '');
  html = html.replace(URL, (url) => {
    const quoted = escapeHtml(url);
    return hold(`<a href="${quoted}">${quoted}</a>`);
  });
  html = escapeHtml(html);
  if (options.colorQuotes) {
    html = html.replace(QUOTED_LINE, '<span class="quote">$1</span >').replace(JOINED_QUOTES, '\n');
  }
  html = html.replace(EMAIL, (_match, prefix: string | undefined, address: string) =>
    hold(`<a href="mailto:${address}">${prefix ?? ''}${address}</a>`),
  );
  html = html.replace(ATTACHMENT, (match: string, _whole: string, id: string) => hold(attachmentLink(Number(id), match, context)));
  html = html.replace(
    BUG_OR_COMMENT,
    (match: string, _whole: string, bugId: string | undefined, bugComment: string | undefined, comment: string | undefined) =>
      hold(bugId !== undefined ? bugLink(Number(bugId), match, context, bugComment) : commentLink(comment ?? '', match, context)),
  );
  html = html.replace(BUG_LIST, (list: string) =>
    list.replace(LIST_ITEM, (item: string, _whole: string, id: string) => hold(bugLink(Number(id), item, context))),
  );
  html = html.replace(COMMENT_LIST, (list: string) =>
    list.replace(LIST_ITEM, (item: string, _whole: string, id: string) => hold(commentLink(id, item, context))),
  );
  html = html.replace(OLD_DUPLICATE_MARKER, (id: string) => hold(bugLink(Number(id), id, context)));
  return restore(html, held);
}

/** Fragments are built from escaped match text, which never holds a placeholder: one pass restores all. */
function restore(html: string, held: readonly string[]): string {
  return html.replace(PLACEHOLDER, (_match, index: string) => held[Number(index)] ?? '');
}

/** `text` is already escaped; ids are digits only, so nothing here needs escaping again. */
function bugLink(bugId: number, text: string, context: LinkContext, commentNumber?: string): string {
  if (!Number.isSafeInteger(bugId) || bugId < 1 || bugId > MAX_LINKED_ID || !context.bugExists(bugId)) return text;
  const anchor = commentNumber !== undefined ? `#c${commentNumber}` : '';
  return `<a class="bz_bug_link" href="show_bug.cgi?id=${bugId}${anchor}">${text}</a>`;
}

function commentLink(commentNumber: string, text: string, context: LinkContext): string {
  const bugUrl = context.currentBugId !== null ? `show_bug.cgi?id=${context.currentBugId}` : '';
  return `<a href="${bugUrl}#c${commentNumber}">${text}</a>`;
}

function attachmentLink(attachmentId: number, text: string, context: LinkContext): string {
  if (attachmentId > MAX_LINKED_ID || !context.attachmentExists(attachmentId)) return text;
  const linkText = text.replace(/ \[details\]$/, '');
  const url = `attachment.cgi?id=${attachmentId}`;
  return `<span class=""><a href="${url}" name="attach_${attachmentId}" title="">${linkText}</a> <a href="${url}&amp;action=edit" title="">[details]</a></span>`;
}
