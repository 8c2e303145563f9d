/**
 * Which representation the client asked for, chosen from `Accept` as Bugzilla does:
 * entries are ranked by q-weight (default 1, then 0.999, 0.998, ... by position), and the
 * best-ranked of application/json, application/javascript, text/javascript and text/html
 * wins. No Accept, `*\/*` or only unsupported types (XML) give JSON.
 */
export type ResponseFormat =
  | { readonly kind: 'json'; readonly contentType: 'application/json' }
  | { readonly kind: 'javascript'; readonly contentType: 'application/javascript' | 'text/javascript' }
  | { readonly kind: 'html'; readonly contentType: 'text/html' };

const SUPPORTED: Readonly<Record<string, ResponseFormat>> = {
  'application/json': { kind: 'json', contentType: 'application/json' },
  'application/javascript': { kind: 'javascript', contentType: 'application/javascript' },
  'text/javascript': { kind: 'javascript', contentType: 'text/javascript' },
  'text/html': { kind: 'html', contentType: 'text/html' },
};

export const JSON_FORMAT: ResponseFormat = { kind: 'json', contentType: 'application/json' };

export function negotiateFormat(accept: string | undefined): ResponseFormat {
  if (!accept || accept === '*/*' || accept === 'application/json') return JSON_FORMAT;
  const ranked = accept
    .split(',')
    .map((entry, position) => {
      const [type = '', ...parameters] = entry.split(';').map((part) => part.trim());
      const q = parameters.find((p) => /^q=/i.test(p));
      const weight = q ? Number(q.slice(2)) : 1 - position / 1000;
      return { type: type.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, position };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  for (const entry of ranked) {
    const format = SUPPORTED[entry.type];
    if (format) return format;
  }
  return JSON_FORMAT;
}
