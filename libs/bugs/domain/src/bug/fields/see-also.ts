import type { DomainError } from '@tracker/contracts';
import { BugErrors } from '../../bugs.errors';

const MAX_BUG_URL_PATH = 255;

/**
 * Bugzilla's BugUrl classes: a See Also value must be the URL of a bug in a tracker it
 * recognises, and is stored in that tracker's canonical form. Links to bugs of this
 * Tracker by number are not supported (Bugzilla would add the reverse link on the other
 * bug; see docs/bugs.md).
 */
interface Tracker {
  readonly handles: (url: URL) => boolean;
  readonly canonical: (url: URL) => string;
}

const withoutFragment = (url: URL): URL => Object.assign(new URL(url.href), { hash: '' });
const withoutQuery = (url: URL): URL => Object.assign(withoutFragment(url), { search: '' });
const host = (url: URL): string => url.host.toLowerCase();

const TRACKERS: readonly Tracker[] = [
  {
    // another Bugzilla: show_bug.cgi?id=N, reduced to that one parameter
    handles: (url) => /show_bug\.cgi$/.test(url.pathname),
    canonical: (url) => `${url.origin}${url.pathname}?id=${url.searchParams.get('id') ?? ''}`,
  },
  {
    handles: (url) => /launchpad\.net$/.test(host(url)) && /bugs?\/\d+$/.test(url.pathname),
    canonical: (url) => `https://launchpad.net/bugs/${/bugs?\/(\d+)$/.exec(url.pathname)?.[1] ?? ''}`,
  },
  {
    handles: (url) =>
      host(url) === 'code.google.com' &&
      /^\/p\/[^/]+\/issues\/detail$/.test(url.pathname) &&
      /^\d+$/.test(url.searchParams.get('id') ?? ''),
    canonical: (url) => withoutFragment(url).href.replace(/^https:/, 'http:'),
  },
  {
    handles: (url) =>
      host(url) === 'bugs.debian.org' &&
      ((/bugreport\.cgi$/.test(url.pathname) && /^\d+$/.test(url.searchParams.get('bug') ?? '')) || /^\/\d+$/.test(url.pathname)),
    canonical: (url) => `http://bugs.debian.org/${/^\/(\d+)$/.exec(url.pathname)?.[1] ?? url.searchParams.get('bug') ?? ''}`,
  },
  { handles: (url) => /\/browse\/[A-Z][A-Z]+-\d+$/.test(url.pathname), canonical: (url) => withoutQuery(url).href },
  { handles: (url) => /\/ticket\/\d+$/.test(url.pathname), canonical: (url) => withoutQuery(url).href },
  { handles: (url) => /view\.php\?id=\d+$/.test(url.pathname + url.search), canonical: (url) => withoutFragment(url).href },
  {
    handles: (url) =>
      host(url) === 'sourceforge.net' &&
      url.pathname.includes('/tracker/') &&
      url.searchParams.get('func') === 'detail' &&
      ['aid', 'group_id', 'atid'].every((name) => (url.searchParams.get(name) ?? '') !== ''),
    canonical: (url) => withoutFragment(url).href,
  },
  {
    handles: (url) => host(url) === 'github.com' && /^\/[^/]+\/[^/]+\/(?:issues|pull)\/\d+$/.test(url.pathname),
    canonical: (url) => withoutFragment(url).href.replace(/^http:/, 'https:'),
  },
];

export function checkSeeAlso(input: string): string | DomainError {
  const value = input.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value);
  if (hasScheme && !/^https?:/i.test(value)) return BugErrors.bugUrlInvalid(value, 'http');
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `http://${value}`);
  } catch {
    return BugErrors.bugUrlInvalid(value, 'other');
  }
  const tracker = TRACKERS.find((candidate) => candidate.handles(url));
  if (!tracker) return BugErrors.bugUrlInvalid(value, 'other');
  if (url.host === '' || !url.pathname.includes('/')) return BugErrors.bugUrlInvalid(value, 'path_only');
  if (url.pathname.length > MAX_BUG_URL_PATH) return BugErrors.bugUrlTooLong(url.pathname);
  if (/show_bug\.cgi$/.test(url.pathname) && !/^\d+$/.test(url.searchParams.get('id') ?? '')) {
    return BugErrors.bugUrlInvalid(value, 'id');
  }
  return tracker.canonical(url);
}

/** See Also input: a string is split at spaces and commas. */
export function splitSeeAlso(input: string | readonly string[]): string[] {
  return (typeof input === 'string' ? input.split(/[\s,]+/) : input).map((value) => value.trim()).filter((value) => value !== '');
}
