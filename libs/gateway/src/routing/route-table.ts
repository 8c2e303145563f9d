import type { HttpMethod, Route } from './route';

/**
 * Finds the route for a method and path. A path segment that is literal in a route beats
 * a placeholder, so `/bug/comment/:comment_id` wins over `/bug/:id` for `/bug/comment/5`.
 * A path that exists with other methods yields those methods (for OPTIONS); there is no 405.
 */
export type RouteMatch =
  | { readonly kind: 'found'; readonly route: Route; readonly pathParams: Readonly<Record<string, string>> }
  | { readonly kind: 'other-methods'; readonly allowed: readonly HttpMethod[] }
  | { readonly kind: 'none' };

interface CompiledRoute {
  readonly route: Route;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly literalSegments: number;
  /** the path's first segment when it is literal (`bug` of `/bug/:id`), null for a placeholder */
  readonly firstSegment: string | null;
}

export class RouteTable {
  /**
   * The routes a path can match, by its first segment, each list in the table's order:
   * a request tries the few routes under its first segment instead of all ninety (once per
   * request: http/rest-targets.ts keeps the match with the request).
   */
  private readonly byFirstSegment = new Map<string, readonly CompiledRoute[]>();
  /** the routes of a first segment no literal route starts with */
  private readonly underPlaceholder: readonly CompiledRoute[];

  constructor(routes: readonly Route[]) {
    const compiled = routes.map(compile).sort((a, b) => b.literalSegments - a.literalSegments);
    const seen = new Set<string>();
    for (const { route } of compiled) {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) throw new Error(`Route declared twice: ${key}`);
      seen.add(key);
    }
    this.underPlaceholder = compiled.filter((candidate) => candidate.firstSegment === null);
    for (const { firstSegment } of compiled) {
      if (firstSegment === null || this.byFirstSegment.has(firstSegment)) continue;
      this.byFirstSegment.set(
        firstSegment,
        compiled.filter((candidate) => candidate.firstSegment === firstSegment || candidate.firstSegment === null),
      );
    }
  }

  match(method: string, path: string): RouteMatch {
    const allowed = new Set<HttpMethod>();
    for (const candidate of this.byFirstSegment.get(firstSegmentOf(path)) ?? this.underPlaceholder) {
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      if (candidate.route.method !== method) {
        allowed.add(candidate.route.method);
        continue;
      }
      const pathParams: Record<string, string> = {};
      candidate.names.forEach((name, index) => {
        pathParams[name] = safeDecode(match[index + 1] ?? '');
      });
      return { kind: 'found', route: candidate.route, pathParams };
    }
    return allowed.size > 0 ? { kind: 'other-methods', allowed: [...allowed] } : { kind: 'none' };
  }
}

/** `bug` of `/bug/1/comment`, as written (a route's literal segment matches only itself, undecoded) */
function firstSegmentOf(path: string): string {
  const end = path.indexOf('/', 1);
  return path.slice(1, end < 0 ? undefined : end);
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  let literalSegments = 0;
  const source = route.path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      if (segment !== '') literalSegments += 1;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  const first = route.path.split('/')[1] ?? '';
  return { route, pattern: new RegExp(`^${source}$`), names, literalSegments, firstSegment: first.startsWith(':') ? null : first };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
