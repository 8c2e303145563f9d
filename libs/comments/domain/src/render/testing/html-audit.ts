/**
 * Checks rendered comment HTML against what the renderer may ever emit: a short list of
 * tags, each with a short list of attributes, double-quoted values, link targets that
 * are relative or of a safe scheme, and text in which `<`, `>` and `"` only appear
 * escaped and every `&` starts an entity. Returns the problems found (none is good).
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'class', 'title', 'rel', 'name'],
  span: ['class'],
  p: [],
  br: [],
  em: [],
  strong: [],
  s: [],
  code: ['class'],
  pre: [],
  blockquote: [],
  hr: [],
  ul: [],
  ol: ['start'],
  li: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['style'],
  td: ['style'],
};
const SAFE_SCHEMES = new Set([
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
  'mailto',
]);
const TAG = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+="[^"<>]*")*)\s*(\/?)>/gi;
const ATTRIBUTE = /\s+([a-z-]+)="([^"]*)"/gi;
const ENTITY = /&(?:amp|lt|gt|quot|#\d+|#x[0-9a-f]+);/gi;

export function auditHtml(html: string): string[] {
  const problems: string[] = [];
  const text = html.replace(TAG, (tag: string, _close: string, name: string, attributes: string) => {
    const allowed = ALLOWED[name.toLowerCase()];
    if (!allowed) {
      problems.push(`tag not allowed: ${tag}`);
      return '';
    }
    for (const [, attribute = '', value = ''] of attributes.matchAll(ATTRIBUTE)) {
      if (!allowed.includes(attribute.toLowerCase())) problems.push(`attribute not allowed: ${attribute} in ${tag}`);
      if (attribute.toLowerCase() === 'href' && !isSafeTarget(decodeEntities(value))) problems.push(`unsafe link: ${value}`);
      if (attribute.toLowerCase() === 'style' && !/^text-align:(left|right|center)$/.test(value)) problems.push(`style: ${value}`);
    }
    return '';
  });
  if (/[<>"]/.test(text)) problems.push(`unescaped markup in text: ${JSON.stringify(text)}`);
  if (/&/.test(text.replace(ENTITY, ''))) problems.push(`bare ampersand in text: ${JSON.stringify(text)}`);
  if (/[\uFDD2\uFDD3]/.test(html)) problems.push('placeholder left in output');
  return problems;
}

function decodeEntities(value: string): string {
  return value.replace(ENTITY, (entity) => {
    const body = entity.slice(1, -1).toLowerCase();
    if (body.startsWith('#x')) return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(Number(body.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"' } as Record<string, string>)[body] ?? entity;
  });
}

/** As a browser reads it: percent-decoded, white space and controls removed, then the scheme. */
function isSafeTarget(target: string): boolean {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // keep it as it is
  }
  const scheme = /^([^:/?#]*):/.exec(decoded.replace(/[\u0000-\u0020\u007F-\u009F]/g, ''));
  return scheme === null || SAFE_SCHEMES.has((scheme[1] ?? '').toLowerCase());
}
