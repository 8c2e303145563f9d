import { hash } from 'node:crypto';
import type { ResponseFormat } from './response-format';

/**
 * Turns a result into the bytes and headers of the response: compact JSON (UTF-8, no
 * escaping of non-ASCII or '/'), JSONP as `/**\/callback(json)` with text/javascript, or for
 * a browser (`Accept: text/html`) the JSON pretty-printed with sorted keys inside an HTML
 * page. Every response carries `Vary: Accept` and an ETag (base64 MD5 of the body and
 * its content type, as Bugzilla computes it).
 */
export interface RenderedBody {
  readonly contentType: string;
  readonly payload: string;
  readonly etag: string;
}

export function renderBody(result: unknown, format: ResponseFormat, callback: string | undefined): RenderedBody {
  const json = JSON.stringify(result) ?? 'null';
  if (callback !== undefined) return withEtag('text/javascript; charset=UTF-8', `/**/${callback}(${json})`);
  if (format.kind === 'html') return withEtag('text/html; charset=UTF-8', htmlPage(result));
  return withEtag(`${format.contentType}; charset=UTF-8`, json);
}

function withEtag(contentType: string, payload: string): RenderedBody {
  // one-shot: a Hash object per response cost twice as much (docs/benchmarks.md)
  const etag = hash('md5', payload + contentType, 'base64').replace(/=+$/, '');
  return { contentType, payload, etag };
}

/** If-None-Match holds this ETag (quoted or not, in a list, or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(/[\s,]+/)
    .map((tag) => tag.replace(/^W\//, '').replace(/^"|"$/g, ''))
    .some((tag) => tag === '*' || tag === etag);
}

function htmlPage(result: unknown): string {
  const pretty = JSON.stringify(sortKeys(result), null, 3) ?? 'null';
  return `<!DOCTYPE html>
<html>
  <head>
    <title>Tracker::REST::API</title>
    <meta charset="UTF-8">
  </head>
  <body>
    <pre>${escapeHtml(pretty)}
</pre>
  </body>
</html>
`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c] ?? ''};`);
}
